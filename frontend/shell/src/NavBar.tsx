import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Logo } from './Logo.js';
import { PRODUCT_NAME } from './product.js';
import { useUser } from './shell-context.js';
import { UserNavLinks } from './signed-in-lazy.js';
import { ThemeSwitch } from './theme/ThemeSwitch.js';
import { FallbackBoundary } from './ui/FallbackBoundary.js';

/** Not worded by the spec: the user's menu items could not be fetched. */
export const MENU_RELOAD = 'Reload the menu';

/**
 * Part 1 §2: visitors' top bar (Login, Register, Blog); a user's sidebar (the organization switcher, the
 * organization's pages, the admin's, the account's), both behind a Menu button on phones.
 */
export function NavBar() {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // The phone menu closes once a link in it has been followed.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <header className={user ? 'navbar sidebar' : 'navbar'}>
      <Link to="/" className="brand">
        <Logo />
        {PRODUCT_NAME}
      </Link>
      <button type="button" className="nav-toggle" aria-expanded={open} aria-controls="main-menu" onClick={() => setOpen((v) => !v)}>
        Menu
      </button>
      <nav id="main-menu" aria-label="Main" className={open ? 'open' : undefined}>
        {user ? (
          // A user's items come with the signed-in chunk: none while it loads; if it could not be fetched, a reload fetches it again.
          <FallbackBoundary fallback={<button type="button" className="link-button" onClick={() => window.location.reload()}>{MENU_RELOAD}</button>}>
            <Suspense fallback={null}>
              <UserNavLinks user={user} />
            </Suspense>
          </FallbackBoundary>
        ) : (
          <>
            <ul>
              <li><NavLink to="/login">Login</NavLink></li>
              <li><NavLink to="/register" className="nav-cta">Register</NavLink></li>
              <li><NavLink to="/blog">Blog</NavLink></li>
              <li className="mobile-only"><NavLink to="/newsletter-subscribe">Newsletter</NavLink></li>
            </ul>
            <ThemeSwitch />
          </>
        )}
      </nav>
    </header>
  );
}
