import type { RemotePages } from '@planner/remote-contract';
import { LandingPage } from './LandingPage.js';

/**
 * What the public remote exposes to the shell ('public/pages'). The landing page
 * comes with the remote; the others are chunks of their own, fetched when shown.
 */
const pages: RemotePages<'public'> = {
  BlogPage: () => import('./BlogPage.js').then((m) => m.BlogPage),
  BlogPostPage: () => import('./BlogPostPage.js').then((m) => m.BlogPostPage),
  LandingPage: async () => LandingPage,
  NewsletterPage: () => import('./NewsletterPage.js').then((m) => m.NewsletterPage),
  OAuthErrorPage: () => import('./OAuthResultPage.js').then((m) => m.OAuthErrorPage),
  OAuthSuccessPage: () => import('./OAuthResultPage.js').then((m) => m.OAuthSuccessPage),
  PrivacyPage: () => import('./LegalPages.js').then((m) => m.PrivacyPage),
  SagentPrivacyPage: () => import('./LegalPages.js').then((m) => m.SagentPrivacyPage),
  SystemStatusDemoPage: () => import('./DemoPages.js').then((m) => m.SystemStatusDemoPage),
  TermsPage: () => import('./LegalPages.js').then((m) => m.TermsPage),
  ToastDemoPage: () => import('./DemoPages.js').then((m) => m.ToastDemoPage),
  UnsubscribePage: () => import('./UnsubscribePage.js').then((m) => m.UnsubscribePage),
};
export default pages;
