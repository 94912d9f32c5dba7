import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from './product.js';
import { useUser } from './shell-context.js';
import { UserNavLinks } from './signed-in-lazy.js';
import { FallbackBoundary } from './ui/FallbackBoundary.js';

/** Not worded by the spec: the user's menu items could not be fetched. */
export const MENU_RELOAD = 'Reload the menu';

/** Part 1 §2: visitors, users, basic users (Upgrade) and admins (Panel, Statistics, Newsletter, Logs). */
export function NavBar() {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // The phone menu closes once a link in it has been followed.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <header className="navbar">
      <Link to="/" className="brand">
        {PRODUCT_NAME}
      </Link>
      <button type="button" className="nav-toggle" aria-expanded={open} aria-controls="main-menu" onClick={() => setOpen((v) => !v)}>
        Menu
      </button>
      <nav id="main-menu" aria-label="Main" className={open ? 'open' : undefined}>
        <ul>
          {!user && (
            <>
              <li><NavLink to="/login">Login</NavLink></li>
              <li><NavLink to="/register">Register</NavLink></li>
              <li><NavLink to="/blog">Blog</NavLink></li>
              <li className="mobile-only"><NavLink to="/newsletter-subscribe">Newsletter</NavLink></li>
            </>
          )}
          {user && (
            // A user's items come with the signed-in chunk: none while it loads; if it could not be fetched, a reload fetches it again.
            <FallbackBoundary fallback={<li><button type="button" className="link-button" onClick={() => window.location.reload()}>{MENU_RELOAD}</button></li>}>
              <Suspense fallback={null}>
                <UserNavLinks user={user} />
              </Suspense>
            </FallbackBoundary>
          )}
        </ul>
      </nav>
    </header>
  );
}
