import type { ReactNode } from 'react';

/** What a badge's colour means: the tokens' states (design-system.md). */
export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const TONE_CLASS: Record<BadgeTone, string | null> = {
  neutral: null,
  info: 'badge-blue',
  success: 'badge-green',
  warning: 'badge-yellow',
  danger: 'badge-red',
};

/** A short label of a state (a post's status, a role): its text says it, the colour only repeats it. */
export function Badge({ tone = 'neutral', className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) {
  return <span className={['badge', TONE_CLASS[tone], className].filter(Boolean).join(' ')}>{children}</span>;
}
