import { hasFeature, isAdminRole } from '@planner/contracts';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { OrganizationSwitcher } from './OrganizationSwitcher.js';
import { PRODUCT_NAME } from './product.js';
import { signOut, useShell, useUser } from './shell-context.js';

/** Part 1 §2: visitors, users, basic users (Upgrade) and admins (Panel, Statistics, Newsletter, Logs). */
export function NavBar() {
  const services = useShell();
  const user = useUser();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const { pathname } = useLocation();
  // The phone menu closes once a link in it has been followed.
  useEffect(() => setOpen(false), [pathname]);

  const logout = async () => {
    setLeaving(true);
    await signOut(services);
    setLeaving(false);
    navigate('/');
  };

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
          {user && isAdminRole(user.role) && (
            <>
              <li><NavLink to="/admin">Panel</NavLink></li>
              <li><NavLink to="/statistics">Statistics</NavLink></li>
              <li><NavLink to="/newsletter">Newsletter</NavLink></li>
              <li><NavLink to="/logs">Logs</NavLink></li>
            </>
          )}
          {user?.role === 'basic' && (
            <li><NavLink to="/plan-selection">Upgrade</NavLink></li>
          )}
          {user && (
            <>
              <li><OrganizationSwitcher /></li>
              <li><NavLink to="/organization/designer">Design</NavLink></li>
              <li><NavLink to="/organization/config">Config</NavLink></li>
              {/* Part 2 §2, §6: Post Review for those who have it; Auto-Post hidden for test (basic users are sent to /plan-selection by its guard). */}
              {hasFeature(user.role, 'post_review', user.capabilities) && <li><NavLink to="/organization/posts">Post Review</NavLink></li>}
              {user.role !== 'test' && <li><NavLink to="/organization/autopost">Auto-Post</NavLink></li>}
              <li><NavLink to="/organization/statistics">Account Statistics</NavLink></li>
              {hasFeature(user.role, 'calendar', user.capabilities) && <li><NavLink to="/organization/calendar">Calendar</NavLink></li>}
              <li><NavLink to="/profile">Profile</NavLink></li>
              <li>
                <button type="button" className="link-button" onClick={() => void logout()} disabled={leaving}>
                  Logout
                </button>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}
