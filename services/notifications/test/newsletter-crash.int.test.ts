/**
 * A newsletter of 1,000 mails through the notifications process as it runs in
 * production (a child process), SIGKILLed while mails are in flight and
 * started again: the local SMTP server accepts each mail exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_VERSIONS, type EventData } from '@planner/contracts';
import { createDataSource, createLogger, EventBus, OutboxEvent, Redis } from '@planner/service-kit';
import { freePort, namespacedProcessEnv, removeNamespace, testId, testInfrastructure, waitFor } from '@planner/service-kit/testing';
import { Email } from '../src/entities/email.entity.js';
import { startSmtpStandIn, type SmtpStandIn } from './smtp-stand-in.js';

const serviceDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const namespace = testId('mailcrash');
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notifications-crash-'));
const TOTAL = 1000;
const KILL_AFTER = 300;
let smtp: SmtpStandIn;
let bus: EventBus;
let db: DataSource;
let env: Record<string, string>;
let child: ChildProcess | undefined;
let output = '';

function startService(): ChildProcess {
  const started = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serviceDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  started.stdout!.on('data', keep);
  started.stderr!.on('data', keep);
  return started;
}

async function healthy(): Promise<void> {
  await waitFor(
    () => fetch(`http://127.0.0.1:${env.PORT}/health`).then((r) => r.status, () => 0),
    (status) => status === 200,
    30_000,
  ).catch((error) => {
    throw new Error(`${(error as Error).message}\n${output}`);
  });
}

const exited = (c: ChildProcess) => new Promise<NodeJS.Signals | null>((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve(c.signalCode) : c.once('exit', (_code, signal) => resolve(signal))));
const counts = async () =>
  Object.fromEntries(
    ((await db.query(`SELECT status, count(*)::int AS n FROM "emails" GROUP BY status`)) as Array<{ status: string; n: number }>).map((r) => [r.status, r.n]),
  ) as Record<string, number>;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  env = {
    ...(await namespacedProcessEnv({ namespace, logDir, authPort: await freePort() })),
    PORT: String(await freePort()),
    SMTP_URL: smtp.url,
    MAIL_RETRY_DELAY_MS: '200',
  };
  const urls = await testInfrastructure();
  bus = await EventBus.connect({ url: urls.natsUrl, name: 'crash-test', namespace, logger: createLogger({ service: 'crash-test', level: 'silent' }) });
  child = startService();
  await healthy();
  db = await createDataSource({ url: urls.databaseUrl, schema: `${namespace}_notifications`, entities: [Email] }).initialize();
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await exited(child);
  }
  await db?.destroy();
  await bus?.close();
  await removeNamespace(namespace);
  const redis = new Redis((await testInfrastructure()).redisUrl);
  const stale = await redis.keys(`${namespace}:*`);
  if (stale.length > 0) await redis.del(...stale);
  redis.disconnect();
  await smtp?.close();
  fs.rmSync(logDir, { recursive: true, force: true });
});

describe('a newsletter to 1,000 subscribers', () => {
  it('reaches each subscriber exactly once although the sender is killed mid-way', async () => {
    const newsletterId = randomUUID();
    const recipients: string[] = [];
    for (let i = 0; i < TOTAL; i++) {
      const deliveryId = randomUUID();
      const email = `reader${i}@example.com`;
      recipients.push(email);
      const data: EventData<'content.newsletter.delivery_requested'> = {
        deliveryId,
        newsletterId,
        email,
        subject: 'Monthly news',
        html: `<p>Hello reader ${i}</p>`,
        text: `Hello reader ${i}`,
        unsubscribeUrl: `http://localhost:8080/api/newsletter/unsubscribe?d=${deliveryId}`,
      };
      // As content publishes it: the delivery id is the event id.
      await bus.publish({
        eventId: deliveryId,
        subject: 'content.newsletter.delivery_requested',
        occurredAt: new Date().toISOString(),
        schemaVersion: EVENT_VERSIONS['content.newsletter.delivery_requested'],
        data,
      });
    }

    // Mid-way: after KILL_AFTER acceptances the server stops answering, so every send in flight is
    // claimed but not accepted; the last accepted ones get time to be marked. Then SIGKILL.
    await waitFor(() => smtp.received.length, (n) => n >= KILL_AFTER, 60_000);
    smtp.holding = true;
    await waitFor(() => smtp.held, (n) => n >= 1, 10_000);
    await new Promise((r) => setTimeout(r, 2000));
    const first = child!;
    first.kill('SIGKILL');
    expect(await exited(first)).toBe('SIGKILL');
    smtp.dropHeld();
    smtp.holding = false;

    const atKill = await counts();
    const acceptedBeforeKill = smtp.received.length;
    expect(acceptedBeforeKill).toBeLessThan(TOTAL);
    expect(atKill.sent).toBe(acceptedBeforeKill); // every accepted mail was marked before the kill
    expect(atKill.sending).toBeGreaterThanOrEqual(1); // claimed, cut off before acceptance

    child = startService();
    await healthy();
    // The cut-off mails come back once their jobs' locks lapse (BullMQ's stalled-job check, up to a minute).
    await waitFor(counts, (c) => c.sent === TOTAL, 150_000);
    await new Promise((r) => setTimeout(r, 1500)); // any late duplicate would arrive now

    const perRecipient = new Map<string, number>();
    for (const mail of smtp.received) for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    expect(smtp.received).toHaveLength(TOTAL);
    expect([...perRecipient.keys()].sort()).toEqual([...recipients].sort());
    expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);

    const rows = await db.getRepository(Email).find();
    expect(rows).toHaveLength(TOTAL);
    expect(rows.filter((r) => r.attempts > 1).length).toBeGreaterThanOrEqual(atKill.sending!);
    const sentEvents = await db.getRepository(OutboxEvent).countBy({ subject: 'notifications.email.sent' });
    expect(sentEvents).toBe(TOTAL);
  }, 300_000);
});
