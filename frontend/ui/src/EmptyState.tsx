import type { ReactNode } from 'react';

/**
 * Nothing to show yet, and what to do about it: a title, a sentence saying what comes next, and the action
 * at hand (a button or a link). `headingLevel` fits the title into the page's outline.
 */
export function EmptyState({ title, children, action, icon, headingLevel = 2 }: { title: string; children?: ReactNode; action?: ReactNode; icon?: ReactNode; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="empty-state">
      {icon && <span className="empty-state-icon" aria-hidden="true">{icon}</span>}
      <Heading className="empty-state-title">{title}</Heading>
      {children && <p className="empty-state-text">{children}</p>}
      {action && <div className="actions">{action}</div>}
    </div>
  );
}
