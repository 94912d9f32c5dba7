/**
 * Per fault, from the records: the calls that failed while it lasted, the
 * accepted changes of its time that were lost or done twice, and how long
 * the product took to recover. Pure: the figures and the table only.
 */
import { failed, refused, type Call } from './client.js';
import { mailKey, renameKey, type Delivered } from './delivered.js';
import type { Accepted } from './load.js';

/**
 * `replica`: a service replica killed while the other serves; `rolling`: a rolling restart;
 * `server`: Postgres, Redis or NATS restarted; `none`: the load alone, for comparison.
 */
export type FaultKind = 'none' | 'replica' | 'rolling' | 'server';

export interface FaultRun {
  name: string;
  kind: FaultKind;
  /** When the fault began, and when the next one did (or the load ended): its window. */
  start: number;
  end: number;
  /** When /api/health answered 200 again after it (every replica and server up); null: never. */
  healthyAt: number | null;
}

export interface FaultRow {
  name: string;
  kind: FaultKind;
  calls: number;
  /** No answer or 5xx. */
  failed: number;
  /** 4xx the load does not expect (429 among them). */
  refused: number;
  lost: number;
  postsTwice: number;
  mailsTwice: number;
  /** From the fault until healthy with no failed call after; null: not recovered. */
  recoverMs: number | null;
  missed: string[];
  /** A few failed or refused calls, to say what broke. */
  examples: Call[];
  /** When the fault began, for the examples' times. */
  start: number;
}

/** Faults whose calls must all succeed: another replica was there to serve them. */
const MUST_NOT_FAIL: ReadonlySet<FaultKind> = new Set(['none', 'replica', 'rolling']);

const within = (at: number, run: FaultRun) => at >= run.start && at < run.end;

export function tally(run: FaultRun, calls: Call[], accepted: Accepted, delivered: Delivered, subscribers: string[]): FaultRow {
  const own = calls.filter((c) => within(c.at, run));
  const bad = own.filter((c) => failed(c) || refused(c));
  // A post belongs to the fault under which it was due: that is when it was published.
  const posts = accepted.posts.filter((p) => within(p.dueAt, run)).map((p) => delivered.posts.get(p.postId)!);
  const renames = accepted.renames.filter((r) => within(r.at, run));
  const newsletters = accepted.newsletters.filter((n) => within(n.at, run));
  const mailCounts = newsletters.flatMap((n) => subscribers.map((s) => delivered.mails.get(mailKey(n.subject, s)) ?? 0));

  const lost =
    posts.filter((p) => p.deliveries === 0 || !p.marked).length +
    renames.filter((r) => !delivered.renameEvents.has(renameKey(r.organizationId, r.name))).length +
    mailCounts.filter((n) => n === 0).length +
    newsletters.filter((n) => !delivered.newslettersSent.has(n.id)).length;
  const postsTwice = posts.reduce((sum, p) => sum + Math.max(0, p.deliveries - 1), 0);
  const mailsTwice = mailCounts.reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const lastFailureEnd = Math.max(run.start, ...own.filter(failed).map((c) => c.at + c.ms));
  const recoverMs = run.healthyAt === null ? null : Math.max(run.healthyAt, lastFailureEnd) - run.start;

  const row = { failed: own.filter(failed).length, refused: own.filter(refused).length, lost, postsTwice, mailsTwice };
  const missed = [
    ...(MUST_NOT_FAIL.has(run.kind) && row.failed > 0 ? ['requests failed'] : []),
    ...(row.refused > 0 ? ['unexpected 4xx'] : []),
    ...(lost > 0 ? ['events lost'] : []),
    ...(postsTwice > 0 ? ['posts published twice'] : []),
    ...(mailsTwice > 0 ? ['mails sent twice'] : []),
    ...(recoverMs === null ? ['not recovered'] : []),
  ];
  return { name: run.name, kind: run.kind, calls: own.length, ...row, recoverMs, missed, examples: bad.slice(0, 3), start: run.start };
}

const seconds = (ms: number | null) => (ms === null ? 'never' : `${(ms / 1000).toFixed(1)} s`);

export function table(rows: FaultRow[]): string[] {
  const header = ['fault', 'calls', 'failed', '4xx', 'lost', 'posts×2', 'mails×2', 'recovered in', 'target'];
  const lines = rows.map((r) => [
    r.name,
    String(r.calls),
    `${r.failed}${MUST_NOT_FAIL.has(r.kind) ? '' : '*'}`,
    String(r.refused),
    String(r.lost),
    String(r.postsTwice),
    String(r.mailsTwice),
    r.kind === 'none' ? '-' : seconds(r.recoverMs),
    r.missed.length ? `MISSED: ${r.missed.join(', ')}` : 'met',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => `  ${cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`.trimEnd();
  return [format(header), ...lines.map(format)];
}

/** What broke: the first failed or refused calls under each fault that had any. */
export function failures(rows: FaultRow[]): string[] {
  const broken = rows.filter((r) => r.examples.length);
  return [
    ...(broken.length ? ['', 'the first failed or refused calls:'] : []),
    ...broken.flatMap((r) => [
      `  ${r.name}:`,
      ...r.examples.map((c) => `    +${((c.at - r.start) / 1000).toFixed(1)} s ${c.route} → ${c.status ?? 'no answer'} in ${c.ms} ms${c.error ? `: ${c.error.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`),
    ]),
  ];
}
