import type { HostProps } from '@planner/remote-contract';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Tabs, type TabItem } from '@planner/ui/tabs';
import { BlogTab } from './BlogTab.js';
import { NewslettersTab } from './NewslettersTab.js';
import { PlatformsTab } from './PlatformsTab.js';
import { SystemMessagesTab } from './SystemMessagesTab.js';
import { UsersTab } from './UsersTab.js';

/** The panel's tabs in the spec's order (part 1 §2); `?tab=` names the open one. */
export const PANEL_TABS = [
  { key: 'users', label: 'User Management' },
  { key: 'accounts', label: 'Accounts' },
  { key: 'platforms', label: 'Platforms' },
  { key: 'system-messages', label: 'System Messages' },
  { key: 'newsletters', label: 'Newsletters' },
  { key: 'blog', label: 'Blog' },
  { key: 'statistics', label: 'Advanced Statistics' },
] as const satisfies readonly TabItem<string>[];

export type PanelTab = (typeof PANEL_TABS)[number]['key'];

function panelTab(value: string | null): PanelTab {
  return PANEL_TABS.find((tab) => tab.key === value)?.key ?? 'users';
}

/** Part 1 §2: the content of the Accounts and Advanced Statistics tabs is not shown by the spec. */
function Placeholder({ title }: { title: string }) {
  return (
    <section aria-labelledby="placeholder-title">
      <h2 id="placeholder-title">{title}</h2>
      <p className="muted">This section is not available yet.</p>
    </section>
  );
}

/**
 * The admin panel, /admin (part 1 §2): users, accounts (placeholder),
 * platforms, system messages, newsletters, blog and advanced statistics
 * (placeholder). The shell shows it to admins only (RequireAdmin).
 */
export function AdminPanelPage({ host }: HostProps) {
  const [params, setParams] = useSearchParams();
  const selected = panelTab(params.get('tab'));
  // The users tab's search stays in the address while other tabs are open.
  const select = (tab: PanelTab) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', tab);
        return next;
      },
      { replace: true },
    );
  const content: Record<PanelTab, ReactNode> = {
    users: <UsersTab host={host} />,
    accounts: <Placeholder title="Accounts" />,
    platforms: <PlatformsTab host={host} />,
    'system-messages': <SystemMessagesTab host={host} />,
    newsletters: <NewslettersTab host={host} />,
    blog: <BlogTab host={host} />,
    statistics: <Placeholder title="Advanced Statistics" />,
  };
  return (
    <main className="page admin-panel">
      <h1>Admin Panel</h1>
      <Tabs label="Admin panel sections" tabs={PANEL_TABS} selected={selected} onSelect={select}>
        {content[selected]}
      </Tabs>
    </main>
  );
}
