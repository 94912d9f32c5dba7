/**
 * Bounces that come back after a mail was sent: each mail leaves with a signed
 * return path of its own (VERP), and delivery status notifications (RFC 3464)
 * sent there over SMTP, with nodemailer as a reporting server would, are
 * recorded: a permanent one marks the mail bounced and tells content, a
 * transient one is noted only, and one to a forged return path is refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@planner/contracts';
import { OutboxEvent } from '@planner/service-kit/data';
import { freePort, startTestService, waitFor, type TestService } from '@planner/service-kit/testing';
import type { NotificationsConfig } from '../src/config.js';
import type { NotificationsAdapters } from '../src/context.js';
import { EmailBounce } from '../src/entities/email-bounce.entity.js';
import { Email } from '../src/entities/email.entity.js';
import { notificationsService } from '../src/service.js';
import { dsn, sendReport } from './dsn.js';
import { startSmtpStandIn, type SmtpStandIn } from './smtp-stand-in.js';

let ctx: TestService<NotificationsConfig, NotificationsAdapters>['ctx'];
let close: () => Promise<void>;
let smtp: SmtpStandIn;
const bounced: EventEnvelope[] = [];

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  ({ ctx, close } = await startTestService(notificationsService, {
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Planner News <news@planner.test>',
      BOUNCE_SIGNING_KEY: 'test-bounce-signing-key',
      BOUNCE_SMTP_PORT: String(await freePort()),
    },
  }));
  ctx.bus.subscribe('notifications.email.bounced', (e) => bounced.push(e));
});

afterAll(async () => {
  await close?.();
  await smtp?.close();
});

/** A newsletter mail sent to `email`: its row and the return path it went out with. */
async function sentNewsletter(email: string) {
  const deliveryId = randomUUID();
  await ctx.dataSource.transaction((manager) =>
    ctx.outbox.add(manager, 'content.newsletter.delivery_requested', {
      deliveryId,
      newsletterId: randomUUID(),
      email,
      subject: 'News',
      html: '<p>News</p>',
      text: 'News',
      unsubscribeUrl: `https://planner.example/api/newsletter/unsubscribe?d=${deliveryId}`,
    }),
  );
  const [row] = await waitFor(() => ctx.dataSource.getRepository(Email).findBy({ deliveryId }), (rows) => rows[0]?.status === 'sent');
  const returnPath = smtp.received.find((m) => m.to.includes(email))!.from;
  return { row: row!, deliveryId, returnPath };
}

/** Sends a report to `to` at the bounce listener. */
const report = (to: string, raw: string) => sendReport(ctx.config.BOUNCE_SMTP_PORT!, to, raw);

const bouncesOf = (emailId: string) => ctx.dataSource.getRepository(EmailBounce).find({ where: { emailId }, order: { receivedAt: 'ASC' } });
const bouncedEventsFor = (emailId: string) =>
  ctx.dataSource.getRepository(OutboxEvent).findBy({ subject: 'notifications.email.bounced' }).then((rows) => rows.filter((r) => (r.envelope.data as { emailId: string }).emailId === emailId));

describe('bounces after sending', () => {
  it('sends each mail with a signed return path of its own on the bounce address', async () => {
    const first = await sentNewsletter('first@example.com');
    const second = await sentNewsletter('second@example.com');
    expect(first.returnPath).toMatch(/^bounces\+[0-9a-f]{52}@planner\.test$/);
    expect(first.returnPath).toContain(first.row.id.replaceAll('-', ''));
    expect(second.returnPath).not.toBe(first.returnPath);
  });

  it('records a permanent bounce (5.x.x) to the return path: the mail is bounced and content is told, once', async () => {
    const { row, deliveryId, returnPath } = await sentNewsletter('gone@example.com');
    const raw = dsn({ recipient: 'gone@example.com', action: 'failed', status: '5.1.1', diagnostic: '550 5.1.1 No such user' });
    const answer = await report(returnPath, raw);
    expect(answer.accepted).toEqual([returnPath]);

    expect(await ctx.dataSource.getRepository(Email).findOneByOrFail({ id: row.id })).toMatchObject({
      status: 'bounced',
      permanent: true,
      lastError: 'smtp; 550 5.1.1 No such user',
    });
    expect(await bouncesOf(row.id)).toMatchObject([{ status: '5.1.1', permanent: true, action: 'failed', recipient: 'gone@example.com' }]);
    await waitFor(() => bounced.filter((e) => (e.data as { emailId: string }).emailId === row.id).length, (n) => n === 1);
    expect(bounced.find((e) => (e.data as { emailId: string }).emailId === row.id)!.data).toEqual({
      emailId: row.id,
      kind: 'newsletter',
      deliveryId,
      status: '5.1.1',
      reason: 'smtp; 550 5.1.1 No such user',
    });

    // The same report again (a reporting server that retries): noted, but the mail bounced once.
    await report(returnPath, raw);
    expect(await bouncesOf(row.id)).toHaveLength(2);
    expect(await bouncedEventsFor(row.id)).toHaveLength(1);
  });

  it('notes a transient report (4.x.x) without bouncing the mail or telling content', async () => {
    const { row, returnPath } = await sentNewsletter('slow@example.com');
    await report(returnPath, dsn({ recipient: 'slow@example.com', action: 'delayed', status: '4.4.7', diagnostic: '451 4.4.7 Delivery time expired' }));
    expect(await bouncesOf(row.id)).toMatchObject([{ status: '4.4.7', permanent: false, action: 'delayed' }]);
    expect(await ctx.dataSource.getRepository(Email).findOneByOrFail({ id: row.id })).toMatchObject({ status: 'sent', permanent: false });
    expect(await bouncedEventsFor(row.id)).toEqual([]);
  });

  it('refuses reports to a forged or unknown return path, and changes nothing', async () => {
    const victim = await sentNewsletter('victim@example.com');
    const attacker = await sentNewsletter('attacker@example.com');
    // The attacker knows their own return path and the victim's mail id (say, from a Message-ID), not the key.
    const forged = attacker.returnPath.replace(attacker.row.id.replaceAll('-', ''), victim.row.id.replaceAll('-', ''));
    const raw = dsn({ recipient: 'victim@example.com', action: 'failed', status: '5.1.1', diagnostic: '550 5.1.1 No such user' });
    for (const to of [forged, 'bounces@planner.test', 'postmaster@planner.test']) {
      await expect(report(to, raw)).rejects.toMatchObject({ responseCode: 550 });
    }
    expect(await bouncesOf(victim.row.id)).toEqual([]);
    expect(await ctx.dataSource.getRepository(Email).findOneByOrFail({ id: victim.row.id })).toMatchObject({ status: 'sent' });
    expect(await bouncedEventsFor(victim.row.id)).toEqual([]);
  });
});
