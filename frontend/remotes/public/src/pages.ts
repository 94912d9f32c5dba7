import type { RemotePages } from '@planner/frontend-host';
import { BlogPage } from './BlogPage.js';
import { BlogPostPage } from './BlogPostPage.js';
import { SystemStatusDemoPage, ToastDemoPage } from './DemoPages.js';
import { LandingPage } from './LandingPage.js';
import { PrivacyPage, SagentPrivacyPage, TermsPage } from './LegalPages.js';
import { NewsletterPage } from './NewsletterPage.js';
import { OAuthErrorPage, OAuthSuccessPage } from './OAuthResultPage.js';
import { UnsubscribePage } from './UnsubscribePage.js';

/** What the public remote exposes to the shell ('public/pages'). */
const pages: RemotePages = {
  BlogPage,
  BlogPostPage,
  LandingPage,
  NewsletterPage,
  OAuthErrorPage,
  OAuthSuccessPage,
  PrivacyPage,
  SagentPrivacyPage,
  SystemStatusDemoPage,
  TermsPage,
  ToastDemoPage,
  UnsubscribePage,
};
export default pages;
