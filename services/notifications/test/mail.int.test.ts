import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventData, EventEnvelope, EventSubject } from '@planner/contracts';
import { createLogger } from '@planner/service-kit';
import { OutboxEvent } from '@planner/service-kit/data';
import type { Queue } from 'bullmq';
import {
  metricValue,
  publishCopy,
  scrapeMetrics,
  startTestService,
  untilConsumerIdle,
  untilLogWritten,
  untilQueueIdle,
  waitFor,
  type TestService,
} from '@planner/service-kit/testing';
import type { NotificationsConfig } from '../src/config.js';
import type { NotificationsAdapters } from '../src/context.js';
import { returnPathFor } from '../src/domain/bounces.js';
import { Email } from '../src/entities/email.entity.js';
import { mailDispatcherOf } from '../src/jobs/mail-delivery.js';
import { notificationsService } from '../src/service.js';
import { startSmtpStandIn, type SmtpStandIn } from './smtp-stand-in.js';

let ctx: TestService<NotificationsConfig, NotificationsAdapters>['ctx'];
let app: TestService<NotificationsConfig, NotificationsAdapters>['app'];
let close: () => Promise<void>;
let smtp: SmtpStandIn;
let logDir: string;
const outcomes: EventEnvelope[] = [];
const MAX_ATTEMPTS = 3;

/** Publishes an event the way its owner does: an outbox row in a transaction, sent by the relay. */
async function publish<S extends EventSubject>(subject: S, data: EventData<S>): Promise<EventEnvelope> {
  return ctx.dataSource.transaction((manager) => ctx.outbox.add(manager, subject, data as never));
}

const emailsTo = (recipient: string) => ctx.dataSource.getRepository(Email).findBy({ recipient });
const receivedBy = (address: string) => smtp.received.filter((m) => m.to.includes(address));
const outcomeFor = (emailId: string) => outcomes.find((e) => (e.data as { emailId: string }).emailId === emailId);
/** Hands every open mail row to the queue now, as the dispatcher does at its next poll. */
const dispatch = () => mailDispatcherOf(ctx)!.flush();
/** The queue the mail worker takes its jobs from (jobs/mail-delivery.ts). */
const mailQueue = () => (queue ??= ctx.queues.queue('mail'));
let queue: Queue | undefined;

async function delivered(address: string) {
  await waitFor(() => receivedBy(address).length, (n) => n >= 1);
  const [row] = await waitFor(() => emailsTo(address), (rows) => rows.length === 1 && rows[0]!.status === 'sent');
  await waitFor(() => outcomeFor(row!.id), (e) => e !== undefined);
  return { row: row!, parsed: await smtp.parse(receivedBy(address)[0]!) };
}

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  ({ ctx, app, close } = await startTestService(notificationsService, {
    env: { SMTP_URL: smtp.url, MAIL_RETRY_DELAY_MS: '150', MAIL_MAX_ATTEMPTS: String(MAX_ATTEMPTS), MAIL_FROM: 'Planner Test <mailer@planner.test>' },
  }));
  // Every line the mail side logs from now on (its entry points read the context's logger as they log), to check that no link's token reaches the log.
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notifications-log-'));
  ctx.logger = createLogger({ service: 'notifications', level: 'debug', logDir, stdout: false });
  ctx.bus.subscribe('notifications.email.sent', (e) => outcomes.push(e));
  ctx.bus.subscribe('notifications.email.failed', (e) => outcomes.push(e));
});

afterAll(async () => {
  await close?.();
  await smtp?.close();
  if (logDir) fs.rmSync(logDir, { recursive: true, force: true });
});

describe('mails from auth events', () => {
  it('sends the verification mail with both parts and the link, and reports it sent', async () => {
    const verifyUrl = 'http://localhost:8080/verify-email?token=verify-secret-0123456789';
    await publish('auth.email_verification.requested', { userId: randomUUID(), email: 'vera@example.com', username: 'vera<b>', verifyUrl });
    const { row, parsed } = await delivered('vera@example.com');

    expect(parsed.from?.value).toEqual([{ name: 'Planner Test', address: 'mailer@planner.test' }]);
    expect(parsed.to).toMatchObject({ text: 'vera@example.com' });
    expect(parsed.subject).toBe('Verify your email address for Social Planner');
    expect(parsed.messageId).toBe(`<${row.id}@planner.test>`);
    expect(parsed.text).toContain('Hello vera<b>,');
    expect(parsed.text).toContain(verifyUrl);
    expect(parsed.html).toContain('Hello vera&lt;b&gt;,');
    expect(parsed.html).toContain(`href="${verifyUrl}"`);
    // The envelope sender is the mail's own return path on the bounce address (VERP), where bounces come back.
    expect(receivedBy('vera@example.com')[0]!.from).toBe(returnPathFor(row.id, 'bounces@planner.test', ctx.config.BOUNCE_SIGNING_KEY));

    expect(row).toMatchObject({ kind: 'verification', status: 'sent', attempts: 1, messageId: `<${row.id}@planner.test>`, deliveryId: null });
    // The single-use link does not stay at rest once the mail is out.
    expect(row.html).toBeNull();
    expect(row.text).toBeNull();
    expect(outcomeFor(row.id)).toMatchObject({ subject: 'notifications.email.sent', data: { emailId: row.id, kind: 'verification', deliveryId: null } });
  });

  it('sends the password reset mail', async () => {
    const resetUrl = 'http://localhost:8080/reset-password?token=reset-secret-9876543210';
    await publish('auth.password_reset.requested', { userId: randomUUID(), email: 'rita@example.com', username: 'rita', resetUrl });
    const { row, parsed } = await delivered('rita@example.com');
    expect(parsed.subject).toBe('Reset your Social Planner password');
    expect(parsed.text).toContain(resetUrl);
    expect(parsed.html).toContain(`href="${resetUrl}"`);
    expect(row.kind).toBe('password_reset');
  });

  it('sends the account deletion mail', async () => {
    await publish('auth.user.deleted', { userId: randomUUID(), email: 'dora@example.com' });
    const { row, parsed } = await delivered('dora@example.com');
    expect(parsed.subject).toBe('Your Social Planner account has been deleted');
    expect(parsed.text).toContain('have been deleted');
    expect(parsed.html).toContain('have been deleted');
    expect(row.kind).toBe('account_deleted');
  });

  it('sends one mail for an event delivered twice', async () => {
    const envelope = await publish('auth.user.deleted', { userId: randomUUID(), email: 'twice@example.com' });
    await waitFor(() => receivedBy('twice@example.com').length, (n) => n === 1);
    // A second copy past JetStream's dedupe (no msgID): the durable consumer gets it, the inbox drops it.
    const copy = await publishCopy(ctx, envelope);
    const consumer = await untilConsumerIdle(ctx, { durable: 'notifications', subject: 'auth.user.deleted' });
    expect(consumer.delivered.stream_seq).toBeGreaterThanOrEqual(copy.seq);
    // Whatever mail the copy could have led to has been handed to the queue and sent.
    await dispatch();
    await untilQueueIdle(mailQueue());
    expect(receivedBy('twice@example.com')).toHaveLength(1);
    expect(await emailsTo('twice@example.com')).toHaveLength(1);
  });
});

describe('newsletter mails', () => {
  it('sends the newsletter as content prepared it, with one-click unsubscribe headers', async () => {
    const deliveryId = randomUUID();
    const unsubscribeUrl = `http://localhost:8080/api/newsletter/unsubscribe/one-click?d=${deliveryId}&sig=abc`;
    const html = `<h1>November</h1><p>News</p><a href="${unsubscribeUrl}">Unsubscribe</a><img src="http://localhost:8080/api/newsletter/open/${deliveryId}.gif">`;
    await ctx.dataSource.transaction((manager) =>
      ctx.outbox.add(manager, 'content.newsletter.delivery_requested', {
        deliveryId,
        newsletterId: randomUUID(),
        email: 'nelly@example.com',
        subject: 'November news',
        html,
        text: `November\n\nNews\n\nUnsubscribe: ${unsubscribeUrl}`,
        unsubscribeUrl,
      }),
    );
    const { row, parsed } = await delivered('nelly@example.com');
    expect(parsed.subject).toBe('November news');
    const header = (key: string) => parsed.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n\s+/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${unsubscribeUrl}>`);
    expect(parsed.html).toContain('<h1>November</h1><p>News</p>');
    expect(parsed.html).toContain(`href="${unsubscribeUrl}"`);
    expect(parsed.text).toContain(`Unsubscribe: ${unsubscribeUrl}`);
    expect(row).toMatchObject({ kind: 'newsletter', deliveryId });
    expect(outcomeFor(row.id)).toMatchObject({ data: { kind: 'newsletter', deliveryId, messageId: row.messageId } });
  });
});

describe('newsletter confirmation mails', () => {
  it('sends the confirmation of a newsletter signup with its link', async () => {
    const confirmUrl = 'http://localhost:8080/api/newsletter/confirm?email=cora%40example.com&token=confirm-0123456789';
    await publish('content.newsletter.confirmation_requested', { email: 'cora@example.com', confirmUrl });
    const { row, parsed } = await delivered('cora@example.com');
    expect(parsed.subject).toBe('Confirm your subscription to the Social Planner newsletter');
    expect(parsed.text).toContain(confirmUrl);
    expect(parsed.html).toContain(`href="${confirmUrl.replaceAll('&', '&amp;')}"`);
    expect(row).toMatchObject({ kind: 'newsletter_confirmation', status: 'sent', deliveryId: null, html: null, text: null });
    expect(outcomeFor(row.id)).toMatchObject({ data: { kind: 'newsletter_confirmation', deliveryId: null } });
  });
});

describe('refusals', () => {
  it('records a permanent 550 as failed without trying again', async () => {
    smtp.rule = (address) => (address === 'nobody@example.com' ? { code: 550, message: '5.1.1 No such user here' } : undefined);
    await publish('auth.password_reset.requested', { userId: randomUUID(), email: 'nobody@example.com', username: 'nobody', resetUrl: 'http://localhost:8080/reset-password?token=gone-token-1' });
    const [row] = await waitFor(() => emailsTo('nobody@example.com'), (rows) => rows[0]?.status === 'failed');
    expect(row).toMatchObject({ status: 'failed', permanent: true, attempts: 1, html: null, text: null });
    expect(row!.lastError).toMatch(/^550 .*No such user here/);
    await waitFor(() => outcomeFor(row!.id), (e) => e !== undefined);
    expect(outcomeFor(row!.id)).toMatchObject({
      subject: 'notifications.email.failed',
      data: { emailId: row!.id, kind: 'password_reset', permanent: true, attempts: 1, reason: expect.stringMatching(/^550/) },
    });
    // No try left in the queue (a retry waiting out its back-off would be), nor a row to hand it again: still one try, nothing delivered.
    await untilQueueIdle(mailQueue());
    await dispatch();
    await untilQueueIdle(mailQueue());
    expect(smtp.tries.get('nobody@example.com')).toBe(1);
    expect(receivedBy('nobody@example.com')).toHaveLength(0);
  });

  it('retries a transient 451 with back-off and delivers once accepted', async () => {
    smtp.rule = (address, tries) => (address === 'busy@example.com' && tries <= 2 ? { code: 451, message: '4.3.0 Try again later' } : undefined);
    const started = Date.now();
    await publish('auth.email_verification.requested', { userId: randomUUID(), email: 'busy@example.com', username: 'busy', verifyUrl: 'http://localhost:8080/verify-email?token=busy-token-1' });
    const { row } = await delivered('busy@example.com');
    expect(smtp.tries.get('busy@example.com')).toBe(3);
    expect(receivedBy('busy@example.com')).toHaveLength(1);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, permanent: false, lastError: null });
    // Back-off: 150 ms, then 300 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('records a mail failed (not permanent) once its attempts are spent', async () => {
    smtp.rule = (address) => (address === 'full@example.com' ? { code: 452, message: '4.2.2 Mailbox full' } : undefined);
    await publish('auth.user.deleted', { userId: randomUUID(), email: 'full@example.com' });
    const [row] = await waitFor(() => emailsTo('full@example.com'), (rows) => rows[0]?.status === 'failed', 15_000);
    expect(row).toMatchObject({ permanent: false, attempts: MAX_ATTEMPTS });
    expect(row!.lastError).toMatch(/^452 .*Mailbox full/);
    expect(smtp.tries.get('full@example.com')).toBe(MAX_ATTEMPTS);
    await waitFor(() => outcomeFor(row!.id), (e) => (e?.data as { permanent?: boolean } | undefined)?.permanent === false);
  });

  it('keeps every link token out of the log and the outbox', async () => {
    const log = await untilLogWritten(ctx.logger, path.join(logDir, 'notifications.log'));
    expect(log).toContain('mail not accepted; will retry');
    expect(log).toContain('mail failed');
    expect(log).not.toMatch(/token|secret/i);
    const outcomesStored = await ctx.dataSource.getRepository(OutboxEvent).findBy({});
    const ours = outcomesStored.filter((e) => e.subject.startsWith('notifications.'));
    expect(ours.length).toBeGreaterThan(5);
    expect(JSON.stringify(ours)).not.toMatch(/token/);
  });
});

describe('mail queue depth', () => {
  it('reports the mails not sent yet while the server has not accepted them, and none once it has', async () => {
    smtp.holding = true;
    try {
      for (const name of ['held-one', 'held-two']) await publish('auth.user.deleted', { userId: randomUUID(), email: `${name}@example.com` });
      await waitFor(() => smtp.held, (n) => n === 2);
      const holding = await scrapeMetrics(app);
      expect(metricValue(holding, 'notifications_mail_queue_depth', { status: 'sending' })).toBe(2);
      expect(metricValue(holding, 'notifications_mail_queue_depth', { status: 'pending' })).toBe(0);
      expect(metricValue(holding, 'notifications_mail_oldest_waiting_seconds')).toBeGreaterThan(0);
      expect(metricValue(holding, 'queue_jobs', { queue: 'mail', state: 'active' })).toBe(2);
    } finally {
      // The server gives up on them (421): they are tried again, and accepted.
      smtp.holding = false;
      smtp.dropHeld();
    }
    await delivered('held-one@example.com');
    await delivered('held-two@example.com');
    const drained = await scrapeMetrics(app);
    expect(metricValue(drained, 'notifications_mail_queue_depth')).toBe(0);
    expect(metricValue(drained, 'notifications_mail_oldest_waiting_seconds')).toBe(0);
  });
});
