/**
 * What became of the changes the product accepted, read from where each one
 * ends: the Sandbox feed (each post's deliveries) and the posts service (the
 * post marked published, from the scheduler's event); the organizations
 * stream on NATS (each rename's event); the mailbox (each newsletter's mails)
 * and content's deliveries (marked sent, from notifications' event).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createLogger, EventBus } from '@planner/service-kit';
import type { Accepted } from './load.js';
import { readMailbox } from './mailbox.js';

export interface Delivered {
  /** Per post: Sandbox feed deliveries (0: never published) and whether the posts service has it published. */
  posts: Map<string, { deliveries: number; marked: boolean }>;
  /** `<organization id> <name>` of every rename event on the stream. */
  renameEvents: Set<string>;
  /** Per newsletter and subscriber (`<subject> <address>`): mails in the mailbox. */
  mails: Map<string, number>;
  /** Newsletters whose every delivery content has marked sent. */
  newslettersSent: Set<string>;
}

export const renameKey = (organizationId: string, name: string) => `${organizationId} ${name}`;
export const mailKey = (subject: string, to: string) => `${subject} ${to.toLowerCase()}`;

export interface Sources {
  databaseUrl: string;
  natsUrl: string;
  namespace: string;
  mailDir: string;
}

async function renameEvents({ natsUrl, namespace }: Sources): Promise<Set<string>> {
  const bus = await EventBus.connect({ url: natsUrl, name: 'drills', namespace, logger: createLogger({ service: 'drills', level: 'warn' }) });
  try {
    const jsm = await bus.connection.jetstreamManager();
    const stream = bus.streamFor('organizations');
    const subject = bus.wireSubject('organizations.organization.updated');
    const { state } = await jsm.streams.info(stream);
    const found = new Set<string>();
    for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
      const message = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
      if (message?.subject !== subject) continue;
      const { data } = message.json<{ data: { organizationId: string; changes: { name?: string } } }>();
      if (data.changes.name) found.add(renameKey(data.organizationId, data.changes.name));
    }
    return found;
  } finally {
    await bus.close();
  }
}

export async function readDelivered(sources: Sources, accepted: Accepted): Promise<Delivered> {
  const db = new pg.Client({ connectionString: sources.databaseUrl });
  await db.connect();
  try {
    const schema = (service: string) => `"${sources.namespace}_${service}"`;
    const ids = accepted.posts.map((p) => p.postId);
    const feed = await db.query<{ post_id: string; deliveries: number }>(
      `SELECT split_part(key, '.', 1) AS post_id, sum(deliveries)::int AS deliveries FROM ${schema('scheduler')}.sandbox_posts
        WHERE split_part(key, '.', 1) = ANY($1::text[]) GROUP BY 1`,
      [ids],
    );
    const marked = await db.query<{ id: string }>(`SELECT id FROM ${schema('posts')}.posts WHERE id = ANY($1::uuid[]) AND status = 'published'`, [ids]);
    const deliveries = new Map(feed.rows.map((row) => [row.post_id, row.deliveries]));
    const published = new Set(marked.rows.map((row) => row.id));
    const sent = await db.query<{ newsletter_id: string }>(
      `SELECT newsletter_id FROM ${schema('content')}.newsletter_deliveries WHERE newsletter_id = ANY($1::uuid[])
        GROUP BY newsletter_id HAVING bool_and(status = 'sent')`,
      [accepted.newsletters.map((n) => n.id)],
    );
    const mails = new Map<string, number>();
    for (const mail of readMailbox(sources.mailDir)) mails.set(mailKey(mail.subject, mail.to), (mails.get(mailKey(mail.subject, mail.to)) ?? 0) + 1);
    return {
      posts: new Map(ids.map((id) => [id, { deliveries: deliveries.get(id) ?? 0, marked: published.has(id) }])),
      renameEvents: await renameEvents(sources),
      mails,
      newslettersSent: new Set(sent.rows.map((row) => row.newsletter_id)),
    };
  } finally {
    await db.end();
  }
}

/** Whether everything accepted has arrived: every post published and marked, every rename on the stream, every newsletter mailed to each subscriber and marked sent. */
export function allArrived(delivered: Delivered, accepted: Accepted, subscribers: string[]): boolean {
  return (
    [...delivered.posts.values()].every((p) => p.deliveries > 0 && p.marked) &&
    accepted.renames.every((r) => delivered.renameEvents.has(renameKey(r.organizationId, r.name))) &&
    accepted.newsletters.every((n) => delivered.newslettersSent.has(n.id) && subscribers.every((s) => (delivered.mails.get(mailKey(n.subject, s)) ?? 0) > 0))
  );
}

/** Reads until everything accepted has arrived or `timeoutMs` has passed; then once more after `graceMs`, for a late duplicate to show. */
export async function untilArrived(sources: Sources, accepted: Accepted, subscribers: string[], { timeoutMs, graceMs }: { timeoutMs: number; graceMs: number }): Promise<Delivered> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(2000)) {
    if (allArrived(await readDelivered(sources, accepted), accepted, subscribers)) break;
  }
  await sleep(graceMs);
  return readDelivered(sources, accepted);
}
