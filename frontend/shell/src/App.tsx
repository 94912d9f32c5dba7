import { LANDING_HERO } from '@planner/remote-public/landing-hero';
import { SharedMessages, type Feature } from '@planner/contracts';
import type { PageName, RemoteName } from '@planner/remote-contract';
import { Suspense, type ReactNode } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { NavBar } from './NavBar.js';
import { NotFoundPage } from './NotFoundPage.js';
import { PageLoading, RemoteError, RemotePage } from './remotes/RemotePage.js';
import { useUser } from './shell-context.js';
import { RequireAdmin, RequireAuth, RequireFeature, RequireOrganization } from './signed-in-lazy.js';
import { ConnectionBanner } from './ui/ConnectionBanner.js';
import { RateLimitNotice } from './ui/RateLimitNotice.js';
import { SystemMessageBanners } from './ui/SystemMessageBanners.js';
import { FallbackBoundary } from './ui/FallbackBoundary.js';
import { Toasts } from './ui/Toasts.js';

/** / is the landing page for visitors and the home dashboard once logged in (part 1 §2). */
function Home() {
  const user = useUser();
  if (user) return <RemotePage remote="account" page="HomePage" />;
  return <RemotePage remote="public" page="LandingPage" placeholder={<LandingPlaceholder />} />;
}

/** The landing page's hero while the public remote loads (the same text, the remote's, and layout). */
function LandingPlaceholder() {
  return (
    <main className="page landing" aria-busy="true">
      <section className="hero">
        <h1>{LANDING_HERO.title}</h1>
        <p>{LANDING_HERO.text}</p>
      </section>
    </main>
  );
}

/** Every page but the popup results: a visitor's top bar, or a user's sidebar (a top bar with a menu on phones), beside the page. */
function Layout() {
  const user = useUser();
  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <ConnectionBanner />
      <div className={user ? 'layout layout-sidebar' : 'layout'}>
        <NavBar />
        <div className="layout-main">
          <RateLimitNotice />
          <SystemMessageBanners />
          <div id="content" tabIndex={-1}>
            {/* A guarded page waits here for the signed-in chunk (its guards) on the first visit; if that fails, Retry reloads the page. */}
            <FallbackBoundary fallback={<RemoteError onRetry={() => window.location.reload()} />}>
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </FallbackBoundary>
          </div>
        </div>
      </div>
    </>
  );
}

/**
 * Who may see a page: anyone; a logged-in user (visitors go to /login); a user with the organization
 * selected in the switcher (part 2 §2); an admin (others read the spec's denial).
 */
type Access = 'anyone' | 'user' | 'organization' | 'admin';

/** One route to a remote's page, with who may see it and the feature it needs (else /plan-selection). */
type RemoteRoute = {
  [R in RemoteName]: {
    path: string;
    remote: R;
    page: PageName<R>;
    access: Access;
    feature?: Feature;
    /** An admin page's own denial. */
    denial?: string;
    /** The route parameter naming the organization the page selects (/organization/{id}/generator). */
    selectParam?: string;
  };
}[RemoteName];

/** Every route to a remote's page but `/` (Home) and the popup result pages. */
const remoteRoutes: RemoteRoute[] = [
  { path: '/blog', remote: 'public', page: 'BlogPage', access: 'anyone' },
  { path: '/blog/:slug', remote: 'public', page: 'BlogPostPage', access: 'anyone' },
  { path: '/newsletter-subscribe', remote: 'public', page: 'NewsletterPage', access: 'anyone' },
  { path: '/unsubscribe', remote: 'public', page: 'UnsubscribePage', access: 'anyone' },
  { path: '/terms', remote: 'public', page: 'TermsPage', access: 'anyone' },
  { path: '/privacy', remote: 'public', page: 'PrivacyPage', access: 'anyone' },
  { path: '/sagent/privacy', remote: 'public', page: 'SagentPrivacyPage', access: 'anyone' },
  { path: '/8888', remote: 'public', page: 'ToastDemoPage', access: 'anyone' },
  { path: '/system-status-example', remote: 'public', page: 'SystemStatusDemoPage', access: 'anyone' },
  { path: '/login', remote: 'account', page: 'LoginPage', access: 'anyone' },
  { path: '/register', remote: 'account', page: 'RegisterPage', access: 'anyone' },
  { path: '/verify-email', remote: 'account', page: 'VerifyEmailPage', access: 'anyone' },
  { path: '/reset-password', remote: 'account', page: 'ResetPasswordPage', access: 'anyone' },
  { path: '/profile', remote: 'account', page: 'ProfilePage', access: 'user' },
  { path: '/accounts', remote: 'account', page: 'AccountsPage', access: 'user' },
  { path: '/plan-selection', remote: 'billing', page: 'PlanSelectionPage', access: 'user' },
  { path: '/organization/config', remote: 'organization', page: 'ConfigPage', access: 'organization' },
  // The same page for the organization {id} names: the link of the mail that a connection expires soon (issue 29 §9).
  { path: '/organization/:id/config', remote: 'organization', page: 'ConfigPage', access: 'organization', selectParam: 'id' },
  { path: '/organization/statistics', remote: 'organization', page: 'StatisticsPage', access: 'organization' },
  { path: '/organization/posts', remote: 'review', page: 'PostReviewPage', access: 'organization', feature: 'post_review' },
  { path: '/organization/autopost', remote: 'review', page: 'AutoSchedulerPage', access: 'organization', feature: 'auto_post' },
  { path: '/organization/calendar', remote: 'calendar', page: 'CalendarPage', access: 'organization', feature: 'calendar' },
  // The Content Designer and the generator (part 2 §2) for every role: basic and test users see the designer's upgrade
  // prompt or view-only message there instead of being sent away; {id} selects that organization (Back to Generator).
  { path: '/organization/designer', remote: 'designer', page: 'DesignerPage', access: 'organization' },
  { path: '/organization/generator', remote: 'designer', page: 'GeneratorPage', access: 'organization' },
  { path: '/organization/:id/generator', remote: 'designer', page: 'GeneratorPage', access: 'organization', selectParam: 'id' },
  // Issue 36 (docs/product.md): the organization's recent generations, and example posts for any user (no organization needed to look).
  { path: '/organization/results', remote: 'designer', page: 'ResultsPage', access: 'organization' },
  { path: '/examples', remote: 'designer', page: 'ExamplesPage', access: 'user' },
  { path: '/newsletter', remote: 'admin', page: 'NewsletterDashboardPage', access: 'admin' },
  { path: '/logs', remote: 'admin', page: 'LogsPage', access: 'admin' },
  { path: '/statistics', remote: 'admin', page: 'GlobalStatisticsPage', access: 'admin' },
  { path: '/admin', remote: 'admin', page: 'AdminPanelPage', access: 'admin', denial: SharedMessages.accessDenied },
  { path: '/user-manage', remote: 'admin', page: 'UserManagePage', access: 'admin', denial: SharedMessages.accessDenied },
];

/** A route's page behind its guards: login, then the feature, then the selected organization. */
function guarded({ remote, page, access, feature, denial, selectParam }: RemoteRoute): ReactNode {
  const shown = <RemotePage remote={remote} page={page} />;
  if (access === 'anyone') return shown;
  if (access === 'admin') return <RequireAdmin denial={denial}>{shown}</RequireAdmin>;
  const inOrganization = access === 'organization' ? <RequireOrganization selectParam={selectParam}>{shown}</RequireOrganization> : shown;
  return <RequireAuth>{feature ? <RequireFeature feature={feature}>{inOrganization}</RequireFeature> : inOrganization}</RequireAuth>;
}

/** Route table of the shell. Services, router and query client come from the caller (main.tsx or a test). */
export function App() {
  return (
    <>
      <Routes>
        <Route element={<Layout />}>
          <Route path="/" element={<Home />} />
          {remoteRoutes.map((route) => (
            <Route key={route.path} path={route.path} element={guarded(route)} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        {/* Popup result pages are shown without the navigation (part 1 §2). */}
        <Route path="/oauth/success" element={<RemotePage remote="public" page="OAuthSuccessPage" />} />
        <Route path="/oauth/error" element={<RemotePage remote="public" page="OAuthErrorPage" />} />
      </Routes>
      <Toasts />
    </>
  );
}
