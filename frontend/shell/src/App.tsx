import { Route, Routes } from 'react-router-dom';
import { NavBar } from './NavBar.js';
import { NotFoundPage } from './NotFoundPage.js';
import { RequireAuth } from './guards.js';
import { RemotePage } from './remotes/RemotePage.js';
import { useUser } from './shell-context.js';
import { ConnectionBanner } from './ui/ConnectionBanner.js';
import { RateLimitNotice } from './ui/RateLimitNotice.js';
import { Toasts } from './ui/Toasts.js';

/** / is the landing page for visitors and the home dashboard once logged in (part 1 §2). */
function Home() {
  const user = useUser();
  return user ? <RemotePage remote="account" page="HomePage" /> : <RemotePage remote="public" page="LandingPage" />;
}

/** Route table of the shell. Services, router and query client come from the caller (main.tsx or a test). */
export function App() {
  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <ConnectionBanner />
      <NavBar />
      <RateLimitNotice />
      <div id="content" tabIndex={-1}>
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/login" element={<RemotePage remote="account" page="LoginPage" />} />
          <Route path="/register" element={<RemotePage remote="account" page="RegisterPage" />} />
          <Route path="/verify-email" element={<RemotePage remote="account" page="VerifyEmailPage" />} />
          <Route path="/reset-password" element={<RemotePage remote="account" page="ResetPasswordPage" />} />
          <Route
            path="/profile"
            element={
              <RequireAuth>
                <RemotePage remote="account" page="ProfilePage" />
              </RequireAuth>
            }
          />
          <Route
            path="/accounts"
            element={
              <RequireAuth>
                <RemotePage remote="account" page="AccountsPage" />
              </RequireAuth>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </div>
      <Toasts />
    </>
  );
}
