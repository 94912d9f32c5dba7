import type { ComponentType } from 'react';
import type { HostProps } from './index.js';

/**
 * The pages each remote exposes, by remote: the one list of the names the shell
 * routes to (App.tsx, `<RemotePage remote page>`) and the remotes' pages.ts
 * export. A remote's pages.ts is typed `RemotePages<'its name'>` (every name
 * here, no other), the shell names `PageName<remote>`, and a remote's vite
 * config takes a `RemoteName`: a typo, or a page added or dropped on one side
 * only, fails `tsc` instead of the page. Types only: nothing of it is bundled.
 */
export interface RemotePageNames {
  public:
    | 'BlogPage'
    | 'BlogPostPage'
    | 'LandingPage'
    | 'NewsletterPage'
    | 'OAuthErrorPage'
    | 'OAuthSuccessPage'
    | 'PrivacyPage'
    | 'SagentPrivacyPage'
    | 'SystemStatusDemoPage'
    | 'TermsPage'
    | 'ToastDemoPage'
    | 'UnsubscribePage';
  account: 'AccountsPage' | 'HomePage' | 'LoginPage' | 'ProfilePage' | 'RegisterPage' | 'ResetPasswordPage' | 'VerifyEmailPage';
  billing: 'PlanSelectionPage';
  organization: 'ConfigPage' | 'StatisticsPage';
  admin: 'AdminPanelPage' | 'GlobalStatisticsPage' | 'LogsPage' | 'NewsletterDashboardPage' | 'UserManagePage';
  review: 'AutoSchedulerPage' | 'PostReviewPage';
  calendar: 'CalendarPage';
  designer: 'DesignerPage' | 'ExamplesPage' | 'GeneratorPage' | 'ResultsPage';
}

/** A remote, as /remotes.json names it and the gateway serves it (/remotes/<name>/). */
export type RemoteName = keyof RemotePageNames;

/** A page of remote `R` (of any remote without `R`). */
export type PageName<R extends RemoteName = RemoteName> = RemotePageNames[R];

/** Loads one page's component; a page the remote's pages.ts loads with import() is a chunk of its own, fetched when shown. */
export type PageLoader = () => Promise<ComponentType<HostProps>>;

/**
 * What remote `R` exposes as './pages': a loader of each of its pages, by name.
 * The others come with the remote (remoteConfig).
 */
export type RemotePages<R extends RemoteName> = Record<PageName<R>, PageLoader>;

/**
 * A remote's pages as the shell finds them at run time: a remote is built and
 * deployed alone, so one of another build may lack a page (the shell then shows
 * its error state rather than trusting the type).
 */
export type LoadedPages = Partial<Record<PageName, PageLoader>>;
