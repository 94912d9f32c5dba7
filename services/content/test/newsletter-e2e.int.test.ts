/**
 * The newsletter as its users meet it, across both services: content and
 * notifications run together on one NATS namespace behind the real gateway,
 * mails go over SMTP to a local smtp-server. Visitors subscribe through
 * /api and confirm by the link of the mail that asks them to (double
 * opt-in), an admin writes and sends a newsletter, each subscriber receives one
 * mail whose signed List-Unsubscribe link (followed through the gateway: a
 * confirmation page whose button posts back, or the mail client's RFC 8058
 * one-click POST) unsubscribes them, and a forged link is refused. A bounce
 * report that comes back later to a mail's return path (over SMTP, to
 * notifications' listener) takes a hard-bounced address off the list.
 *
 * Content runs in this process as its main would (startTestService);
 * notifications runs as its own process from its src/main.ts in content's
 * namespace, so the two talk over NATS as in production. The notifications
 * test helpers (SMTP stand-in, bounce reports) are taken in through relative
 * imports: this is a test of the two together, not a dependency of content
 * on notifications.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, NO_RATE_LIMITS, startGateway, type GatewayClient, type TestGateway } from '@planner/gateway/testing';
import { Queues } from '@planner/service-kit/data';
import {
  createTestKeys,
  freePort,
  namespacedProcessEnv,
  removeNamespace,
  signedBearer,
  startTestProcess,
  startTestService,
  untilConsumerIdle,
  untilOutboxSent,
  untilQueueIdle,
  waitFor,
  type TestProcess,
  type TestService,
} from '@planner/service-kit/testing';
import { dsn, sendReport } from '../../notifications/test/dsn.js';
import { startSmtpStandIn, type SmtpStandIn } from '../../notifications/test/smtp-stand-in.js';
import type { ContentConfig } from '../src/config.js';
import { Subscriber } from '../src/entities/subscriber.entity.js';
import { contentService } from '../src/service.js';

const notificationsDir = fileURLToPath(new URL('../../notifications/', import.meta.url));
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsletter-e2e-'));

let smtp: SmtpStandIn;
let gateway: TestGateway;
let content: TestService<ContentConfig, Record<string, never>>;
let notifications: TestProcess;
/** Notifications' BullMQ queues as its process sees them (runService: Redis prefix `<namespace>:notifications:`). */
let notificationsQueues: Queues;
let api: GatewayClient;
let admin: Record<string, string>;
/** Notifications' SMTP listener for bounce reports. */
let bouncePort: number;

beforeAll(async () => {
  const keys = await createTestKeys();
  smtp = await startSmtpStandIn();
  const [contentPort, notificationsPort] = [await freePort(), await freePort()];
  bouncePort = await freePort();
  gateway = await startGateway({
    upstreams: { content: `http://127.0.0.1:${contentPort}`, notifications: `http://127.0.0.1:${notificationsPort}` },
    env: NO_RATE_LIMITS,
    jwks: keys.jwks,
  });
  content = await startTestService(contentService, {
    keys,
    // The product's public address is this gateway: the links in the mails are followed as they are.
    env: { APP_URL: gateway.url, NEWSLETTER_SIGNING_KEY: 'e2e-newsletter-signing-key', NEWSLETTER_BATCH_SIZE: '2' },
  });
  await content.app.listen({ port: contentPort, host: '127.0.0.1' });
  notifications = startTestProcess('src/main.ts', {
    cwd: notificationsDir,
    env: {
      // No auth here: the JWKS address is a free port nothing answers on (notifications' routes are not called).
      ...(await namespacedProcessEnv({ namespace: content.ctx.id, logDir, authPort: await freePort() })),
      PORT: String(notificationsPort),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Social Planner <news@planner.test>',
      MAIL_RETRY_DELAY_MS: '200',
      BOUNCE_SMTP_PORT: String(bouncePort),
    },
  });
  await notifications.healthy(`http://127.0.0.1:${notificationsPort}/health`, 60_000);
  api = gatewayClient(gateway.url);
  notificationsQueues = new Queues(content.ctx.config.REDIS_URL, `${content.ctx.id}:notifications:bull`);
  admin = await signedBearer(keys, { sub: randomUUID(), role: 'admin' });
}, 90_000);

afterAll(async () => {
  await notifications?.stop();
  await notificationsQueues?.close();
  await content?.close();
  await gateway?.close();
  await smtp?.close();
  if (content) await removeNamespace(content.ctx.id);
  fs.rmSync(logDir, { recursive: true, force: true });
}, 60_000);

const receivedBy = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

/**
 * Nothing is on its way to a mailbox any more: content's send jobs are done and
 * its events published, notifications has taken every mail request, handed
 * every mail to its queue and the queue has nothing left to send (a retry
 * waiting out its back-off included). The mailboxes then hold all there will be.
 */
async function untilMailSettled(): Promise<void> {
  await untilQueueIdle(content.ctx.queues.queue('newsletter-send'));
  await untilOutboxSent(content.ctx);
  // Notifications' consumers are in content's namespace: content's bus sees them.
  for (const subject of ['content.newsletter.confirmation_requested', 'content.newsletter.delivery_requested']) {
    await untilConsumerIdle(content.ctx, { durable: 'notifications', subject });
  }
  await waitFor(
    () => content.ctx.dataSource.query(`SELECT count(*)::int AS n FROM "${content.ctx.id}_notifications".emails WHERE status IN ('pending', 'sending')`),
    (rows: Array<{ n: number }>) => rows[0]!.n === 0,
  );
  await untilQueueIdle(notificationsQueues.queue('mail'));
}

/** A header as the mail carries it, unfolded. */
const header = (mail: ParsedMail, key: string) => mail.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n[ \t]+/g, ' ');

/** The address in List-Unsubscribe: <https://...>. */
function listUnsubscribe(mail: ParsedMail): string {
  const value = header(mail, 'list-unsubscribe');
  const match = /^List-Unsubscribe: <([^>]+)>$/.exec(value ?? '');
  expect(match, value).not.toBeNull();
  return match![1]!;
}

/** Subscribers as the admin's list shows them, by address. */
async function subscribersByEmail(): Promise<Map<string, boolean>> {
  const res = await api.send({ method: 'GET', url: '/newsletter/admin/subscribers', headers: admin });
  expect(res.statusCode).toBe(200);
  return new Map(res.json().subscribers.map((s: { email: string; is_active: boolean }) => [s.email, s.is_active]));
}

async function sendNewsletter(subject: string, content: string): Promise<string> {
  const created = await api.send({ method: 'POST', url: '/newsletter/admin/newsletters', payload: { subject, content }, headers: admin });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json().newsletter;
  const sent = await api.send({ method: 'POST', url: `/newsletter/admin/newsletters/${id}/send`, headers: admin });
  expect(sent.statusCode, sent.body).toBe(202);
  return id;
}

/**
 * Follows a mailed link as a browser does: opens the page, then submits its
 * form (no action: to the page's own address) with its hidden fields.
 * `beforeSubmit` looks at the world between the two. Answers the final page.
 */
async function submitLinkForm(link: string, beforeSubmit: () => Promise<void> = async () => {}): Promise<string> {
  const opened = await fetch(link, { redirect: 'manual' });
  expect(opened.status).toBe(200);
  const form = /<form method="post">(.*?)<\/form>/.exec(await opened.text());
  expect(form).not.toBeNull();
  await beforeSubmit();
  const fields = new URLSearchParams([...form![1]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]+)">/g)].map((m): [string, string] => [m[1]!, m[2]!]));
  const submitted = await fetch(link, {
    method: 'POST',
    headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  expect(submitted.status).toBe(200);
  return submitted.text();
}

const readers = ['ada@example.com', 'bob@example.com', 'cy@example.com'];

describe('a newsletter from the admin to the subscribers’ mailboxes', () => {
  it('reaches each active subscriber once, with a signed one-click link that unsubscribes them; forged links are refused', async () => {
    for (const email of [...readers, 'ADA@example.com', 'gone@example.com']) {
      const res = await api.send({ method: 'POST', url: '/newsletter/subscribe', payload: { email } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Please check your inbox and click the link in our email to confirm your subscription.');
    }
    // Double opt-in: one confirmation mail per address (Ada asked twice), each reader confirms by its link.
    await waitFor(() => smtp.received.length, (n) => n >= readers.length + 1, 20_000);
    await untilMailSettled();
    const confirmations = smtp.received.splice(0);
    expect(confirmations.map((mail) => mail.to).flat().sort()).toEqual([...readers, 'gone@example.com'].sort());
    for (const email of readers) {
      const mail = await smtp.parse(confirmations.find((m) => m.to.includes(email))!);
      expect(mail.subject).toBe('Confirm your subscription to the Social Planner newsletter');
      const link = /Confirm subscription: (\S+)/.exec(mail.text ?? '')![1]!;
      expect(link.startsWith(`${gateway.url}/api/newsletter/confirm?`)).toBe(true);
      expect(await submitLinkForm(link)).toContain('Thank you for subscribing to our newsletter!');
    }
    // Gone never confirms and withdraws: it gets nothing.
    expect((await api.send({ method: 'POST', url: '/newsletter/unsubscribe', payload: { email: 'gone@example.com' } })).json().message).toBe(
      'You have been unsubscribed from the newsletter.',
    );

    const first = await sendNewsletter('November news', '<h1>November</h1><p>What is new. <a href="https://blog.example/nov">Read more</a></p>');
    await waitFor(() => smtp.received.length, (n) => n >= readers.length, 20_000);
    // Every delivery has come back as sent (notifications → content), so nothing more is on its way.
    await waitFor(
      () => api.send({ method: 'GET', url: `/newsletter/admin/newsletters/${first}`, headers: admin }).then((r) => r.json().newsletter),
      (n) => n.recipients_count === readers.length && n.finished_at !== null,
      10_000,
    );
    await waitFor(
      () => content.ctx.dataSource.query(`SELECT count(*)::int AS n FROM newsletter_deliveries WHERE newsletter_id = $1 AND status = 'sent'`, [first]),
      (rows: Array<{ n: number }>) => rows[0]!.n === readers.length,
      10_000,
    );
    expect(smtp.received).toHaveLength(readers.length);
    expect(receivedBy('gone@example.com')).toHaveLength(0);

    const links = new Map<string, string>();
    for (const email of readers) {
      expect(receivedBy(email), email).toHaveLength(1);
      const mail = await smtp.parse(receivedBy(email)[0]!);
      expect(mail.subject).toBe('November news');
      expect(mail.from?.value).toEqual([{ name: 'Social Planner', address: 'news@planner.test' }]);
      expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const link = listUnsubscribe(mail);
      expect(link.startsWith(`${gateway.url}/api/newsletter/unsubscribe/one-click?`)).toBe(true);
      expect(new URL(link).searchParams.get('email')).toBe(email);
      // The same link in both parts of the mail, for readers whose client shows no header button.
      expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
      expect(mail.text).toContain(`Unsubscribe: ${link}`);
      expect(mail.html).toContain('<h1>November</h1>');
      links.set(email, link);
    }

    // Forged: ada's token on bob's address, a token made up, none at all.
    const forged = new URL(links.get('ada@example.com')!);
    forged.searchParams.set('email', 'bob@example.com');
    const madeUp = new URL(links.get('bob@example.com')!);
    madeUp.searchParams.set('token', 'A'.repeat(madeUp.searchParams.get('token')!.length));
    const bare = new URL(links.get('bob@example.com')!);
    bare.searchParams.delete('token');
    for (const link of [forged, madeUp, bare]) {
      for (const method of ['GET', 'POST']) {
        const res = await fetch(link, { method, redirect: 'manual' });
        expect(res.status, `${method} ${link}`).toBe(400);
        expect(await res.text()).toContain('This unsubscribe link is invalid.');
      }
    }
    expect(await subscribersByEmail()).toEqual(new Map([...readers.map((e) => [e, true] as const), ['gone@example.com', false]]));

    // Ada clicks the link in her mail and confirms; Bob's mail client uses the RFC 8058 one-click POST.
    expect(await submitLinkForm(links.get('ada@example.com')!, async () => {
      expect((await subscribersByEmail()).get('ada@example.com')).toBe(true); // opening the link alone changes nothing
    })).toContain('You have been unsubscribed from the newsletter.');
    const oneClick = await fetch(links.get('bob@example.com')!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const subscribers = await subscribersByEmail();
    expect([...subscribers]).toEqual(expect.arrayContaining([['ada@example.com', false], ['bob@example.com', false], ['cy@example.com', true]]));
    // Following a link again is harmless.
    expect((await fetch(links.get('ada@example.com')!, { redirect: 'manual' })).status).toBe(200);

    const stats = (await api.send({ method: 'GET', url: '/newsletter/stats', headers: admin })).json();
    expect(stats).toMatchObject({ total_subscribers: 4, active_subscribers: 1, newsletters_sent: 1 });

    // The next newsletter reaches only the reader still subscribed.
    const second = await sendNewsletter('December news', '<p>Season’s greetings</p>');
    await waitFor(() => receivedBy('cy@example.com').length, (n) => n === 2, 20_000);
    await waitFor(
      () => api.send({ method: 'GET', url: `/newsletter/admin/newsletters/${second}`, headers: admin }).then((r) => r.json().newsletter),
      (n) => n.finished_at !== null,
      10_000,
    );
    await untilMailSettled();
    expect(receivedBy('ada@example.com')).toHaveLength(1);
    expect(receivedBy('bob@example.com')).toHaveLength(1);
    expect(smtp.received).toHaveLength(readers.length + 1);
  }, 60_000);
});

describe('bounces that come back after a newsletter went out', () => {
  it('takes an address that hard-bounced off the list; one whose mail is only delayed stays on it', async () => {
    const [gone, slow] = ['moved.away@example.com', 'slow.server@example.com'];
    await content.ctx.dataSource.getRepository(Subscriber).save([{ email: gone }, { email: slow }]);
    const january = await sendNewsletter('January news', '<p>Happy new year</p>');
    // Sent, as far as both services know: a report can only bounce a mail that was sent.
    await waitFor(
      () => content.ctx.dataSource.query(`SELECT email FROM newsletter_deliveries WHERE newsletter_id = $1 AND status = 'sent'`, [january]),
      (rows: Array<{ email: string }>) => [gone, slow].every((email) => rows.some((row) => row.email === email)),
      20_000,
    );
    const returnPath = (email: string) => receivedBy(email)[0]!.from;
    await sendReport(bouncePort, returnPath(slow), dsn({ recipient: slow, action: 'delayed', status: '4.4.7', diagnostic: '451 4.4.7 Delivery time expired' }));
    await sendReport(bouncePort, returnPath(gone), dsn({ recipient: gone, action: 'failed', status: '5.1.1', diagnostic: '550 5.1.1 No such user' }));
    await waitFor(subscribersByEmail, (subscribers) => subscribers.get(gone) === false, 10_000);
    expect((await subscribersByEmail()).get(slow)).toBe(true);

    // The next newsletter reaches the delayed address again, not the bounced one.
    const february = await sendNewsletter('February news', '<p>More news</p>');
    await waitFor(
      () => api.send({ method: 'GET', url: `/newsletter/admin/newsletters/${february}`, headers: admin }).then((r) => r.json().newsletter),
      (n) => n.finished_at !== null,
      10_000,
    );
    await waitFor(() => receivedBy(slow).length, (n) => n === 2, 20_000);
    expect(receivedBy(gone)).toHaveLength(1);
  }, 60_000);
});
