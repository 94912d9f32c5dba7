/**
 * Issue 5: a newsletter to 1,000 subscribers reaches each of them exactly
 * once, also when the senders are killed mid-way. Content and notifications
 * run as their own processes (as in production) on one namespace; mails go
 * over SMTP to a local smtp-server. Content's sender is SIGKILLed while it
 * writes the deliveries, notifications' mailer while mails are in flight;
 * both are started again and finish the job.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, EventBus } from '@planner/service-kit';
import { Queues } from '@planner/service-kit/data';
import { createTestKeys, freePort, namespacedProcessEnv, removeNamespace, signedBearer, startTestProcess, testId, testInfrastructure, type TestKeys, type TestProcess, untilConsumerIdle, untilQueueIdle, waitFor } from '@planner/service-kit/testing';
import { startSmtpStandIn, type SmtpStandIn } from '../services/notifications/test/smtp-stand-in.js';
import { repoPath } from './support/repo.js';

const namespace = testId('exactlyonce');
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-exactly-once-'));
const SUBSCRIBERS = 1000;
/** Unsubscribed addresses beside the active ones: they get nothing. */
const UNSUBSCRIBED = 5;

type Service = 'content' | 'notifications';
const env: Record<Service, Record<string, string>> = { content: {}, notifications: {} };
const processes: Partial<Record<Service, TestProcess>> = {};
let keys: TestKeys;
let jwks: http.Server;
let smtp: SmtpStandIn;
let db: pg.Client;

async function start(name: Service): Promise<void> {
  const started = startTestProcess('src/main.ts', { cwd: repoPath('services', name), env: env[name], keepChars: 4000 });
  processes[name] = started;
  await started.healthy(`http://127.0.0.1:${env[name].PORT}/health`, 60_000);
}

/** SIGKILL: nothing is flushed, no lock released, no transaction finished. */
async function crash(name: Service): Promise<void> {
  const running = processes[name]!;
  await running.kill();
  expect(await running.exited()).toBe('SIGKILL');
}

const count = async (sql: string, params: unknown[] = []) => Number((await db.query<{ n: string }>(sql, params)).rows[0]!.n);

/** The two services' bus and BullMQ queues as their processes see them (runService: namespace, Redis prefix `<namespace>:<service>:`). */
let bus: EventBus;
const queues = {} as Record<Service, Queues>;

/**
 * Everything that could still send a mail or report one is done: content's
 * send jobs and outbox, notifications' consumer of the delivery requests, its
 * open mail rows, its mail queue (retries waiting out their back-off included)
 * and outbox, and content's consumer of the outcomes.
 */
async function untilNothingPending(timeoutMs = 30_000): Promise<void> {
  const unpublished = (service: Service) => count(`SELECT count(*) AS n FROM "${namespace}_${service}".outbox WHERE published_at IS NULL`);
  await untilQueueIdle(queues.content.queue('newsletter-send'), timeoutMs);
  await waitFor(() => unpublished('content'), (n) => n === 0, timeoutMs);
  await untilConsumerIdle({ bus }, { durable: 'notifications', subject: 'content.newsletter.delivery_requested' }, timeoutMs);
  await waitFor(() => count(`SELECT count(*) AS n FROM "${namespace}_notifications".emails WHERE status IN ('pending', 'sending')`), (n) => n === 0, timeoutMs);
  await untilQueueIdle(queues.notifications.queue('mail'), timeoutMs);
  await waitFor(() => unpublished('notifications'), (n) => n === 0, timeoutMs);
  await untilConsumerIdle({ bus }, { durable: 'content', subject: 'notifications.email.sent' }, timeoutMs);
}
const mailStatuses = async () =>
  Object.fromEntries(
    (await db.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM "${namespace}_notifications".emails GROUP BY status`)).rows.map((r) => [r.status, r.n]),
  ) as Record<string, number>;

beforeAll(async () => {
  keys = await createTestKeys();
  // Content checks the admin's token against this JWKS, standing in for auth's.
  jwks = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(keys.jwks)));
  const jwksPort = await freePort();
  await new Promise<void>((resolve) => jwks.listen(jwksPort, '127.0.0.1', resolve));
  smtp = await startSmtpStandIn();
  const common = await namespacedProcessEnv({ namespace, logDir, authPort: jwksPort });
  // Short job locks: a killed sender's work is taken over within seconds rather than BullMQ's default half minute.
  env.content = { ...common, PORT: String(await freePort()), NEWSLETTER_BATCH_SIZE: '10', NEWSLETTER_JOB_LOCK_MS: '2000' };
  env.notifications = { ...common, PORT: String(await freePort()), SMTP_URL: smtp.url, MAIL_RETRY_DELAY_MS: '200', MAIL_JOB_LOCK_MS: '2000' };
  await Promise.all([start('content'), start('notifications')]);
  const urls = await testInfrastructure();
  db = new pg.Client({ connectionString: urls.databaseUrl });
  await db.connect();
  bus = await EventBus.connect({ url: urls.natsUrl, name: 'exactly-once-test', namespace, logger: createLogger({ service: 'exactly-once-test', level: 'silent' }) });
  for (const service of ['content', 'notifications'] as const) queues[service] = new Queues(urls.redisUrl, `${namespace}:${service}:bull`);
}, 90_000);

afterAll(async () => {
  await Promise.all(Object.values(processes).map((p) => p.stop()));
  await db?.end();
  await Promise.all(Object.values(queues).map((q) => q.close()));
  await bus?.close();
  jwks?.close();
  await smtp?.close();
  await removeNamespace(namespace);
  fs.rmSync(logDir, { recursive: true, force: true });
}, 60_000);

describe('a newsletter to 1,000 subscribers across both services', () => {
  it('delivers one mail to each subscriber although content and notifications are both killed mid-way', async () => {
    await db.query(
      `INSERT INTO "${namespace}_content".newsletter_subscribers (email, is_active, unsubscribed_at)
       SELECT 'reader' || g || '@example.com', g <= $1::int, CASE WHEN g > $1::int THEN now() END FROM generate_series(1, $1::int + $2::int) g`,
      [SUBSCRIBERS, UNSUBSCRIBED],
    );
    const contentUrl = `http://127.0.0.1:${env.content.PORT}`;
    const admin = { ...(await signedBearer(keys, { sub: randomUUID(), role: 'admin' })), 'content-type': 'application/json' };
    const created = await fetch(`${contentUrl}/newsletter/admin/newsletters`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ subject: 'Exactly once', content: '<p>Hello</p>' }),
    });
    expect(created.status).toBe(201);
    const { id } = ((await created.json()) as { newsletter: { id: string } }).newsletter;
    const sent = await fetch(`${contentUrl}/newsletter/admin/newsletters/${id}/send`, { method: 'POST', headers: { authorization: admin.authorization } });
    expect(sent.status).toBe(202);

    // Content's sender dies while it writes the deliveries (and their events) batch by batch.
    const deliveries = () => count(`SELECT count(*) AS n FROM "${namespace}_content".newsletter_deliveries WHERE newsletter_id = $1`, [id]);
    await waitFor(deliveries, (n) => n >= 100, 30_000);
    await crash('content');
    expect(await deliveries()).toBeLessThan(SUBSCRIBERS);
    await start('content');

    // Notifications' mailer dies with mails in flight: after 300 acceptances the server stops answering,
    // so the sends under way are claimed but not accepted; the mails accepted last get time to be marked.
    await waitFor(() => smtp.received.length, (n) => n >= 300, 60_000);
    smtp.holding = true;
    await waitFor(() => smtp.held, (n) => n >= 1, 10_000);
    await new Promise((r) => setTimeout(r, 2000));
    await crash('notifications');
    smtp.dropHeld();
    smtp.holding = false;
    const atCrash = await mailStatuses();
    expect(smtp.received.length).toBeLessThan(SUBSCRIBERS);
    expect(atCrash.sent).toBe(smtp.received.length); // every accepted mail was marked before the kill
    expect(atCrash.sending).toBeGreaterThanOrEqual(1); // claimed, cut off before acceptance
    await start('notifications');

    // Done: every mail sent, and content has heard so of each delivery (notifications.email.sent).
    await waitFor(mailStatuses, (s) => s.sent === SUBSCRIBERS, 90_000);
    await waitFor(() => count(`SELECT count(*) AS n FROM "${namespace}_content".newsletter_deliveries WHERE status = 'sent'`), (n) => n === SUBSCRIBERS, 30_000);
    // Nothing is on its way any more, however late: a duplicate would be in the mailboxes by now.
    await untilNothingPending();

    const perAddress = new Map<string, number>();
    for (const mail of smtp.received) for (const to of mail.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    const expected = Array.from({ length: SUBSCRIBERS }, (_, i) => `reader${i + 1}@example.com`);
    expect([...perAddress.keys()].sort()).toEqual(expected.sort());
    expect([...perAddress.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect(smtp.received).toHaveLength(SUBSCRIBERS);
    // The mails cut off by the kill went out on a second attempt.
    expect(await count(`SELECT count(*) AS n FROM "${namespace}_notifications".emails WHERE attempts > 1`)).toBeGreaterThanOrEqual(atCrash.sending!);

    const newsletter = await fetch(`${contentUrl}/newsletter/admin/newsletters/${id}`, { headers: { authorization: admin.authorization } });
    expect(((await newsletter.json()) as { newsletter: object }).newsletter).toMatchObject({ status: 'sent', recipients_count: SUBSCRIBERS });
  }, 180_000);
});
