import { LANDING_HERO } from '@planner/remote-public/landing-hero';
import type { PageName } from '@planner/remote-contract';
import { Outlet, Route, Routes } from 'react-router-dom';
import { NavBar } from './NavBar.js';
import { NotFoundPage } from './NotFoundPage.js';
import { RequireAuth, RequireOrganization } from './guards.js';
import { RemotePage } from './remotes/RemotePage.js';
import { useUser } from './shell-context.js';
import { ConnectionBanner } from './ui/ConnectionBanner.js';
import { RateLimitNotice } from './ui/RateLimitNotice.js';
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

function Layout() {
  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <ConnectionBanner />
      <NavBar />
      <RateLimitNotice />
      <div id="content" tabIndex={-1}>
        <Outlet />
      </div>
    </>
  );
}

const publicPages: [path: string, page: PageName<'public'>][] = [
  ['/blog', 'BlogPage'],
  ['/blog/:slug', 'BlogPostPage'],
  ['/newsletter-subscribe', 'NewsletterPage'],
  ['/unsubscribe', 'UnsubscribePage'],
  ['/terms', 'TermsPage'],
  ['/privacy', 'PrivacyPage'],
  ['/sagent/privacy', 'SagentPrivacyPage'],
  ['/8888', 'ToastDemoPage'],
  ['/system-status-example', 'SystemStatusDemoPage'],
];
const accountPages: [path: string, page: PageName<'account'>][] = [
  ['/login', 'LoginPage'],
  ['/register', 'RegisterPage'],
  ['/verify-email', 'VerifyEmailPage'],
  ['/reset-password', 'ResetPasswordPage'],
];
const accountPagesForUsers: [path: string, page: PageName<'account'>][] = [
  ['/profile', 'ProfilePage'],
  ['/accounts', 'AccountsPage'],
];

/** Route table of the shell. Services, router and query client come from the caller (main.tsx or a test). */
export function App() {
  return (
    <>
      <Routes>
        <Route element={<Layout />}>
          <Route path="/" element={<Home />} />
          {publicPages.map(([path, page]) => (
            <Route key={path} path={path} element={<RemotePage remote="public" page={page} />} />
          ))}
          {accountPages.map(([path, page]) => (
            <Route key={path} path={path} element={<RemotePage remote="account" page={page} />} />
          ))}
          {accountPagesForUsers.map(([path, page]) => (
            <Route
              key={path}
              path={path}
              element={
                <RequireAuth>
                  <RemotePage remote="account" page={page} />
                </RequireAuth>
              }
            />
          ))}
          <Route
            path="/plan-selection"
            element={
              <RequireAuth>
                <RemotePage remote="billing" page="PlanSelectionPage" />
              </RequireAuth>
            }
          />
          <Route
            path="/organization/config"
            element={
              <RequireAuth>
                <RequireOrganization>
                  <RemotePage remote="organization" page="ConfigPage" />
                </RequireOrganization>
              </RequireAuth>
            }
          />
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
