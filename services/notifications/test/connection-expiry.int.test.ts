import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthRequests, type EventData, type EventEnvelope, type UserContact } from '@planner/contracts';
import { notFound } from '@planner/service-kit';
import { publishCopy, startTestService, untilConsumerIdle, untilQueueIdle, waitFor, type TestService } from '@planner/service-kit/testing';
import type { NotificationsConfig } from '../src/config.js';
import type { NotificationsAdapters } from '../src/context.js';
import { Email } from '../src/entities/email.entity.js';
import { mailDispatcherOf } from '../src/jobs/mail-delivery.js';
import { notificationsService } from '../src/service.js';
import { startSmtpStandIn, type SmtpStandIn } from './smtp-stand-in.js';

const SUBJECT = 'organizations.connection.expiring';
let ctx: TestService<NotificationsConfig, NotificationsAdapters>['ctx'];
let close: () => Promise<void>;
let smtp: SmtpStandIn;
/** Auth's accounts as its `auth.user.contact` answers them here. */
const accounts = new Map<string, UserContact>();
const askedFor: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  ({ ctx, close } = await startTestService(notificationsService, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Planner Test <mailer@planner.test>' } }));
  // Auth's side of the request, as its responder answers: the account's address, or 404 once it is gone.
  ctx.bus.reply(AuthRequests.userContact, 'auth', async ({ user_id }: { user_id: string }) => {
    askedFor.push(user_id);
    const account = accounts.get(user_id);
    if (!account) throw notFound('User not found');
    return account;
  });
});

afterAll(async () => {
  await close?.();
  await smtp?.close();
});

/** Publishes the event the way organizations does: an outbox row in a transaction, sent by the relay. */
const publish = (data: EventData<typeof SUBJECT>): Promise<EventEnvelope> => ctx.dataSource.transaction((manager) => ctx.outbox.add(manager, SUBJECT, data));
const receivedBy = (address: string) => smtp.received.filter((m) => m.to.includes(address));
const emailsTo = (recipient: string) => ctx.dataSource.getRepository(Email).findBy({ recipient });
/** Every mail the events so far could lead to has been recorded, handed to the queue and sent. */
async function settled() {
  await untilConsumerIdle(ctx, { durable: 'notifications', subject: SUBJECT });
  await mailDispatcherOf(ctx)!.flush();
  await untilQueueIdle(ctx.queues.queue('mail'));
}

function warning(ownerId: string, organizationId: string, overrides: Partial<EventData<typeof SUBJECT>> = {}): EventData<typeof SUBJECT> {
  return {
    organizationId,
    platform: 'linkedin',
    connectionId: randomUUID(),
    ownerId,
    organizationName: 'Acme <Brand>',
    timezone: 'Europe/Paris',
    expiresAt: '2026-06-07T12:30:00.000Z',
    warning: '7_days',
    reconnectUrl: `http://app.test/organization/${organizationId}/config`,
    ...overrides,
  };
}

describe('the owner’s mail before a connection expires (issue 29 §9)', () => {
  it('mails the owner once per event: the platform, the organization, when in its time zone, and the platforms page', async () => {
    const ownerId = randomUUID();
    const organizationId = randomUUID();
    const email = `owner-${ownerId.slice(0, 8)}@example.com`;
    accounts.set(ownerId, { email, username: 'Olive' });

    const envelope = await publish(warning(ownerId, organizationId));
    await waitFor(() => receivedBy(email).length, (n) => n === 1);
    const [row] = await waitFor(() => emailsTo(email), (rows) => rows.length === 1 && rows[0]!.status === 'sent');
    expect(row).toMatchObject({ kind: 'connection_expiring', eventId: envelope.eventId, recipient: email });
    const parsed = await smtp.parse(receivedBy(email)[0]!);
    expect(parsed.subject).toBe('Your LinkedIn connection for Acme <Brand> expires on June 7, 2026 at 2:30 PM (Europe/Paris)');
    expect(parsed.text).toContain('Hello Olive,');
    expect(parsed.text).toContain('The LinkedIn connection of your organization Acme <Brand> expires on June 7, 2026 at 2:30 PM (Europe/Paris).');
    expect(parsed.text).toContain("connect LinkedIn again in the organization's platforms page");
    expect(parsed.text).toContain(`Open the platforms page: http://app.test/organization/${organizationId}/config`);
    expect(parsed.text).not.toContain('last reminder');
    expect(parsed.html).toContain('Acme &lt;Brand&gt;');
    expect(parsed.html).toContain(`href="http://app.test/organization/${organizationId}/config"`);

    // The same event once more, past JetStream's dedupe: the inbox drops it.
    await publishCopy(ctx, envelope);
    await settled();
    expect(receivedBy(email)).toHaveLength(1);
    expect(await emailsTo(email)).toHaveLength(1);

    // The 1-day warning is another event: another mail, the last reminder.
    await publish(warning(ownerId, organizationId, { warning: '1_day' }));
    await waitFor(() => receivedBy(email).length, (n) => n === 2);
    expect((await smtp.parse(receivedBy(email)[1]!)).text).toContain('This is the last reminder before it expires.');
    await settled();
    expect(await emailsTo(email)).toHaveLength(2);
  });

  it('sends nothing when the owner’s account is gone, and goes on with the next event', async () => {
    const gone = randomUUID();
    await publish(warning(gone, randomUUID()));
    await waitFor(() => askedFor.includes(gone), (asked) => asked);
    const ownerId = randomUUID();
    const email = `next-${ownerId.slice(0, 8)}@example.com`;
    accounts.set(ownerId, { email, username: 'Nate' });
    await publish(warning(ownerId, randomUUID(), { platform: 'tiktok', timezone: 'UTC' }));
    await waitFor(() => receivedBy(email).length, (n) => n === 1);
    expect((await smtp.parse(receivedBy(email)[0]!)).subject).toBe('Your TikTok connection for Acme <Brand> expires on June 7, 2026 at 12:30 PM (UTC)');
    await settled();
    expect(await ctx.dataSource.getRepository(Email).countBy({ kind: 'connection_expiring' })).toBe(3);
  });
});
