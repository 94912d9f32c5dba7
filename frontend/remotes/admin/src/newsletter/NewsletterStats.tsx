import type { NewsletterStats as Stats } from '@planner/remote-contract';
import { formatPercent } from './format.js';
import { NewsletterTexts } from './messages.js';

const CARDS: [label: string, value: (stats: Stats) => string][] = [
  ['Total subscribers', (s) => String(s.total_subscribers)],
  ['Active subscribers', (s) => String(s.active_subscribers)],
  // Not a spec figure: signups awaiting confirmation are in the subscriber list but not in the total.
  ['Awaiting confirmation', (s) => String(s.pending_subscribers)],
  ['Newsletters sent', (s) => String(s.newsletters_sent)],
  ['Open rate', (s) => formatPercent(s.open_rate)],
  ['Click rate', (s) => formatPercent(s.click_rate)],
];

/** Part 1 §2, §3: the stats cards, the rates as percents with one decimal. */
export function NewsletterStats({ stats, failed }: { stats: Stats | undefined; failed: boolean }) {
  if (failed) {
    return (
      <p className="form-message form-message-error" role="alert">
        {NewsletterTexts.statsFailed}
      </p>
    );
  }
  return (
    <dl className="cards newsletter-stats" aria-busy={!stats}>
      {CARDS.map(([label, value]) => (
        <div className="card" key={label}>
          <dt>{label}</dt>
          <dd>{stats ? value(stats) : '…'}</dd>
        </div>
      ))}
    </dl>
  );
}
