import { hasFeature, isAdminRole, type PublicUser } from '@planner/contracts';
import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { OrganizationSwitcher } from './OrganizationSwitcher.js';
import { signOut, useShell } from './shell-context.js';

/** Part 1 §2: the navigation bar's items for a user: admins' (Panel, Statistics, Newsletter, Logs), basic users' Upgrade, then everyone's. */
export function UserNavLinks({ user }: { user: PublicUser }) {
  const services = useShell();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const logout = async () => {
    setLeaving(true);
    await signOut(services);
    setLeaving(false);
    navigate('/');
  };

  return (
    <>
      {isAdminRole(user.role) && (
        <>
          <li><NavLink to="/admin">Panel</NavLink></li>
          <li><NavLink to="/statistics">Statistics</NavLink></li>
          <li><NavLink to="/newsletter">Newsletter</NavLink></li>
          <li><NavLink to="/logs">Logs</NavLink></li>
        </>
      )}
      {user.role === 'basic' && (
        <li><NavLink to="/plan-selection">Upgrade</NavLink></li>
      )}
      <li><OrganizationSwitcher /></li>
      <li><NavLink to="/organization/designer">Design</NavLink></li>
      {/* Issue 36: the generations' results beside the designer that makes them, and the examples of what it makes. */}
      <li><NavLink to="/organization/results">Results</NavLink></li>
      <li><NavLink to="/examples">Examples</NavLink></li>
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
  );
}
