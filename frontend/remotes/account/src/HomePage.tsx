import { hasFeature } from '@planner/contracts';
import type { HostProps } from '@planner/remote-contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { RoleBadge } from './badges.js';
import { Dashboard } from './home/Dashboard.js';
import { isAccountDeleted } from './session-end.js';

const CAPABILITIES = [
  { feature: 'generator', title: 'Generate content', text: 'Create posts and media with AI in your brand voice.', to: '/organization/generator' },
  { feature: 'calendar', title: 'Plan on the calendar', text: 'Schedule posts and see what goes out when.', to: '/organization/calendar' },
  { feature: 'post_review', title: 'Review and approve', text: 'Check every post before it is published.', to: '/organization/posts' },
] as const;

/**
 * / for a logged-in user (part 1 §2): welcome, role badge, with organizations the dashboard (issue 30 §3), then the three
 * capability cards (upgrade where the plan lacks one) and the accounts summary.
 */
export function HomePage({ host }: HostProps) {
  const user = host.session.user;
  const accountDeleted = isAccountDeleted(useLocation().state);
  // The same query (and cache) as the accounts page and the shell's switcher.
  const organizations = useQuery({ queryKey: ['organizations'], queryFn: () => host.api.request('GET', '/organizations'), enabled: !accountDeleted });
  if (!user) return null;
  if (accountDeleted) return <EndSession host={host} />;
  const list = organizations.data ?? [];
  const active = list.filter((o) => o.is_active).length;
  return (
    <main className="page" aria-labelledby="home-title">
      <h1 id="home-title">Welcome, {user.username}</h1>
      <p>
        <RoleBadge user={user} />
      </p>
      {active > 0 && <Dashboard host={host} user={user} organizations={list} />}
      <ul className="cards">
        {CAPABILITIES.map((card) => {
          const allowed = hasFeature(user.role, card.feature, user.capabilities);
          return (
            <li key={card.feature} className="card">
              <h2>{card.title}</h2>
              <p>{card.text}</p>
              <Link className={allowed ? 'button' : 'button button-secondary'} to={allowed ? card.to : '/plan-selection'}>
                {allowed ? 'Open' : 'Upgrade to unlock'}
              </Link>
            </li>
          );
        })}
      </ul>
      {list.length > 0 ? (
        <section className="card" aria-labelledby="accounts-summary-title">
          <h2 id="accounts-summary-title">Your accounts</h2>
          <p>
            {active} active of {list.length}
          </p>
          <ul>
            {list.slice(0, 3).map((organization) => (
              <li key={organization.id}>{organization.name}</li>
            ))}
          </ul>
          <Link to="/accounts">Manage your accounts</Link>
        </section>
      ) : (
        <p>
          <Link to="/accounts">Create your first account</Link>
        </p>
      )}
    </main>
  );
}

/** Come from the deleted account (session-end.ts): the session ends here, and the shell shows / to a visitor. */
function EndSession({ host }: HostProps) {
  useEffect(() => host.session.clear(), [host]);
  return null;
}
