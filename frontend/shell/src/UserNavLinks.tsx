import { hasFeature, isAdminRole, type PublicUser } from '@planner/contracts';
// One module per icon: only these reach the signed-in chunk, and tests do not load the whole set.
import CalendarDays from 'lucide-react/icons/calendar-days';
import ChartColumn from 'lucide-react/icons/chart-column';
import ChartLine from 'lucide-react/icons/chart-line';
import CircleUser from 'lucide-react/icons/circle-user';
import ClipboardCheck from 'lucide-react/icons/clipboard-check';
import History from 'lucide-react/icons/history';
import Lightbulb from 'lucide-react/icons/lightbulb';
import LogOut from 'lucide-react/icons/log-out';
import Mail from 'lucide-react/icons/mail';
import Repeat from 'lucide-react/icons/repeat';
import ScrollText from 'lucide-react/icons/scroll-text';
import Settings from 'lucide-react/icons/settings';
import Shield from 'lucide-react/icons/shield';
import SquarePen from 'lucide-react/icons/square-pen';
import Zap from 'lucide-react/icons/zap';
import type { LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { OrganizationSwitcher } from './OrganizationSwitcher.js';
import { signOut, useShell } from './shell-context.js';
import { ThemeSwitch } from './theme/ThemeSwitch.js';

function Item({ to, icon: Icon, children }: { to: string; icon: LucideIcon; children: string }) {
  return (
    <li>
      <NavLink to={to}>
        <Icon className="nav-icon" aria-hidden="true" />
        {children}
      </NavLink>
    </li>
  );
}

/** A labelled list of the sidebar's items. */
function Group({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="nav-group">
      <p className="nav-group-label" id={id}>{label}</p>
      <ul aria-labelledby={id}>{children}</ul>
    </div>
  );
}

/**
 * Part 1 §2: a user's sidebar: the organization switcher, then the organization's pages, the admin's
 * (Panel, Statistics, Newsletter, Logs), and at its foot the account's (basic users' Upgrade, Profile, Logout).
 */
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
      <OrganizationSwitcher />
      <Group label="Organization">
        <Item to="/organization/designer" icon={SquarePen}>Design</Item>
        {/* Issue 36: the generations' results beside the designer that makes them, and the examples of what it makes. */}
        <Item to="/organization/results" icon={History}>Results</Item>
        <Item to="/examples" icon={Lightbulb}>Examples</Item>
        {hasFeature(user.role, 'calendar', user.capabilities) && <Item to="/organization/calendar" icon={CalendarDays}>Calendar</Item>}
        {/* Part 2 §2, §6: Post Review for those who have it; Auto-Post hidden for test (basic users are sent to /plan-selection by its guard). */}
        {hasFeature(user.role, 'post_review', user.capabilities) && <Item to="/organization/posts" icon={ClipboardCheck}>Post Review</Item>}
        {user.role !== 'test' && <Item to="/organization/autopost" icon={Repeat}>Auto-Post</Item>}
        <Item to="/organization/statistics" icon={ChartColumn}>Account Statistics</Item>
        <Item to="/organization/config" icon={Settings}>Config</Item>
      </Group>
      {isAdminRole(user.role) && (
        <Group label="Admin">
          <Item to="/admin" icon={Shield}>Panel</Item>
          <Item to="/statistics" icon={ChartLine}>Statistics</Item>
          <Item to="/newsletter" icon={Mail}>Newsletter</Item>
          <Item to="/logs" icon={ScrollText}>Logs</Item>
        </Group>
      )}
      <div className="nav-foot">
        <ul>
          {user.role === 'basic' && <Item to="/plan-selection" icon={Zap}>Upgrade</Item>}
          <Item to="/profile" icon={CircleUser}>Profile</Item>
          <li>
            <button type="button" className="link-button" onClick={() => void logout()} disabled={leaving}>
              <LogOut className="nav-icon" aria-hidden="true" />
              Logout
            </button>
          </li>
        </ul>
        <ThemeSwitch />
      </div>
    </>
  );
}
