import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NotificationMessages, systemMessageCreateSchema, systemMessageUpdateSchema } from '@planner/contracts';
import { bounceAddressFor, bounceKindOf, emailIdOf, parseDeliveryStatus, returnPathFor } from '../src/domain/bounces.js';
import { afterFailure, describeFailure, messageIdFor } from '../src/domain/delivery.js';
import { escapeHtml } from '@planner/service-kit';
import { renderAccountDeleted, renderNewsletter, renderNewsletterConfirmation, renderPasswordReset, renderVerification } from '../src/domain/templates.js';

const hostile = `<script>alert("x")</script>&'`;

describe('mail templates', () => {
  it('renders the verification mail with the link in both parts and the user data escaped in HTML', () => {
    const url = 'https://app.example.com/verify-email?token=abc123&x="1"';
    const mail = renderVerification({ username: hostile, verifyUrl: url });
    expect(mail.subject).toBe('Verify your email address for Social Planner');
    expect(mail.text).toContain(`Hello ${hostile},`);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('24 hours');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;,');
    expect(mail.html).toContain(`href="${escapeHtml(url)}"`);
    expect(mail.html).not.toContain(url); // the raw URL (with its quote) never reaches the markup
    expect(mail.headers).toEqual({});
  });

  it('renders the password reset mail with its one-hour link', () => {
    const mail = renderPasswordReset({ username: 'paula', resetUrl: 'https://app.example.com/reset-password?token=t0k' });
    expect(mail.subject).toBe('Reset your Social Planner password');
    expect(mail.text).toContain('Hello paula,');
    expect(mail.text).toContain('https://app.example.com/reset-password?token=t0k');
    expect(mail.text).toContain('1 hour');
    expect(mail.html).toContain('href="https://app.example.com/reset-password?token=t0k"');
  });

  it('renders the account deletion mail without a link', () => {
    const mail = renderAccountDeleted({ email: 'gone@example.com' });
    expect(mail.subject).toBe('Your Social Planner account has been deleted');
    expect(mail.text).toContain('have been deleted');
    expect(mail.html).not.toContain('href');
  });

  it('renders the newsletter confirmation mail with its link in both parts', () => {
    const url = 'https://app.example.com/api/newsletter/confirm?email=a%40example.com&token=t0k&x="1"';
    const mail = renderNewsletterConfirmation({ confirmUrl: url });
    expect(mail.subject).toBe('Confirm your subscription to the Social Planner newsletter');
    expect(mail.text).toContain(`Confirm subscription: ${url}`);
    expect(mail.text).toContain('you will not be subscribed');
    expect(mail.html).toContain(`href="${escapeHtml(url)}"`);
    expect(mail.headers).toEqual({});
  });

  it('passes the newsletter through as content prepared it, with the one-click unsubscribe headers', () => {
    const mail = renderNewsletter({ subject: 'News <1>', html: '<p>Hi</p>', text: 'Hi', unsubscribeUrl: 'https://app.example.com/u?e=a&s=b' });
    expect(mail).toEqual({
      subject: 'News <1>',
      html: '<p>Hi</p>',
      text: 'Hi',
      headers: { 'List-Unsubscribe': '<https://app.example.com/u?e=a&s=b>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  });

  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('delivery rules', () => {
  it('treats 5xx refusals as permanent and 4xx, 503 and connection errors as transient', () => {
    expect(describeFailure(Object.assign(new Error('x'), { responseCode: 550, response: '550 5.1.1 No such user', permanent: true }))).toEqual({
      permanent: true,
      reason: '550 5.1.1 No such user',
    });
    expect(describeFailure(Object.assign(new Error('x'), { responseCode: 451, response: '451 4.3.0 Try later', permanent: false })).permanent).toBe(false);
    expect(describeFailure(Object.assign(new Error('x'), { responseCode: 554, response: '554 no' })).permanent).toBe(true);
    expect(describeFailure(Object.assign(new Error('x'), { responseCode: 503, response: '503 bad sequence' })).permanent).toBe(false);
    expect(describeFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toEqual({
      permanent: false,
      reason: 'ESOCKET: connect ECONNREFUSED',
    });
  });

  it('retries until the attempts are spent, and never after a permanent refusal', () => {
    const transient = { permanent: false, reason: '451' };
    expect(afterFailure(transient, 1, 3)).toBe('retry');
    expect(afterFailure(transient, 2, 3)).toBe('retry');
    expect(afterFailure(transient, 3, 3)).toBe('failed');
    expect(afterFailure({ permanent: true, reason: '550' }, 1, 3)).toBe('failed');
  });

  it('gives each mail a Message-ID of its own on the sender’s domain', () => {
    expect(messageIdFor('0b9c', '"Social Planner" <no-reply@planner.example>')).toBe('<0b9c@planner.example>');
    expect(messageIdFor('0b9c', 'no-reply@planner.example')).toBe('<0b9c@planner.example>');
    expect(messageIdFor('0b9c', 'Planner')).toBe('<0b9c@localhost>');
  });
});

describe('return paths (VERP)', () => {
  const id = '0b9e4c1a-6d2f-4e8b-9a3c-5f7d1e2b4c6a';
  const key = 'test-bounce-signing-key';

  it('gives each mail a return path of its own on the bounce address, within 64 characters of local part', () => {
    const path = returnPathFor(id, 'bounces@planner.test', key);
    expect(path).toMatch(/^bounces\+0b9e4c1a6d2f4e8b9a3c5f7d1e2b4c6a[0-9a-f]{20}@planner\.test$/);
    expect(path.split('@')[0]!.length).toBeLessThanOrEqual(64);
    expect(returnPathFor(randomUUID(), 'bounces@planner.test', key)).not.toBe(path);
  });

  it('reads the mail back from its return path, whatever the case', () => {
    const path = returnPathFor(id, 'bounces@planner.test', key);
    expect(emailIdOf(path, 'bounces@planner.test', key)).toBe(id);
    expect(emailIdOf(path.toUpperCase(), 'Bounces@Planner.test', key)).toBe(id);
  });

  it('refuses a forged tag, another key, another mailbox or domain, and the bare bounce address', () => {
    const path = returnPathFor(id, 'bounces@planner.test', key);
    const other = randomUUID().replaceAll('-', '');
    expect(emailIdOf(path.replace(/\+[0-9a-f]{32}/, `+${other}`), 'bounces@planner.test', key)).toBeNull(); // another mail's id, this one's signature
    expect(emailIdOf(path.replace(/[0-9a-f]@/, (m) => `${m[0] === '0' ? '1' : '0'}@`), 'bounces@planner.test', key)).toBeNull();
    expect(emailIdOf(path, 'bounces@planner.test', 'another-signing-key')).toBeNull();
    expect(emailIdOf(path.replace('bounces+', 'news+'), 'bounces@planner.test', key)).toBeNull();
    expect(emailIdOf(path.replace('@planner.test', '@example.com'), 'bounces@planner.test', key)).toBeNull();
    expect(emailIdOf('bounces@planner.test', 'bounces@planner.test', key)).toBeNull();
  });

  it('takes the bounce address as configured, else bounces@ the sender domain', () => {
    expect(bounceAddressFor('"Social Planner" <no-reply@social-planner.local>')).toBe('bounces@social-planner.local');
    expect(bounceAddressFor('news@planner.test', 'returns@mail.planner.test')).toBe('returns@mail.planner.test');
  });
});

describe('delivery status notifications (RFC 3464)', () => {
  const report = [
    'Reporting-MTA: dns; mx.example.com',
    'Arrival-Date: Mon, 23 Nov 2026 10:00:00 +0000',
    '',
    'Final-Recipient: rfc822; gone@example.com',
    'Action: failed',
    'Status: 5.1.1',
    'Diagnostic-Code: smtp; 550 5.1.1 The email account that you tried to reach',
    '  does not exist',
    '',
    'Original-Recipient: rfc822;slow@example.org',
    'Action: delayed',
    'Status: 4.4.7 (delivery time expired)',
    '',
    'Final-Recipient: rfc822; nobody@example.net',
    'Action: failed',
    'Status: not a code',
    '',
  ].join('\r\n');

  it('reads each recipient block: recipient, action, status and the folded diagnostic', () => {
    expect(parseDeliveryStatus(report)).toEqual([
      { recipient: 'gone@example.com', action: 'failed', status: '5.1.1', diagnostic: 'smtp; 550 5.1.1 The email account that you tried to reach does not exist' },
      { recipient: 'slow@example.org', action: 'delayed', status: '4.4.7', diagnostic: null },
    ]);
  });

  it('finds nothing in a body without recipient blocks', () => {
    expect(parseDeliveryStatus('Reporting-MTA: dns; mx.example.com\r\n')).toEqual([]);
    expect(parseDeliveryStatus('Your message could not be delivered.')).toEqual([]);
  });

  it('counts 5.x.x as a bounce, 4.x.x as a delay and 2.x.x as none', () => {
    expect(bounceKindOf('5.1.1')).toBe('permanent');
    expect(bounceKindOf('5.7.1')).toBe('permanent');
    expect(bounceKindOf('4.2.2')).toBe('transient');
    expect(bounceKindOf('2.0.0')).toBeNull();
  });
});

describe('system message input', () => {
  it('applies the defaults: info, 5000 ms, active', () => {
    expect(systemMessageCreateSchema.parse({ message: ' Maintenance tonight ' })).toEqual({
      type: 'info',
      message: 'Maintenance tonight',
      duration: 5000,
      is_active: true,
    });
  });

  it('refuses a blank message, a bad type and durations that are negative, fractional or off the 1000 ms step', () => {
    const first = (input: unknown) => systemMessageCreateSchema.safeParse(input).error?.issues[0]?.message;
    expect(first({ message: '   ' })).toBe(NotificationMessages.systemMessageRequired);
    expect(first({})).toBe(NotificationMessages.systemMessageRequired);
    expect(first(undefined)).toBe(NotificationMessages.systemMessageRequired);
    expect(first({ message: 'x'.repeat(2001) })).toBe(NotificationMessages.systemMessageTooLong);
    expect(first({ message: 'x', is_active: 'no' })).toBe(NotificationMessages.systemMessageActive);
    expect(systemMessageCreateSchema.parse({ message: 'x'.repeat(2000) }).message).toHaveLength(2000);
    expect(first({ message: 'x', type: 'danger' })).toBe(NotificationMessages.systemMessageType);
    for (const duration of [-1000, 1500, 999, 1000.5, '5000']) expect(first({ message: 'x', duration })).toBe(NotificationMessages.systemMessageDuration);
    expect(systemMessageCreateSchema.parse({ message: 'x', duration: 0 }).duration).toBe(0);
    expect(systemMessageCreateSchema.parse({ message: 'x', duration: 12000, type: 'warning' }).type).toBe('warning');
  });

  it('needs at least one field to update', () => {
    expect(systemMessageUpdateSchema.safeParse({}).error?.issues[0]?.message).toBe(NotificationMessages.systemMessageNothingToChange);
    expect(systemMessageUpdateSchema.safeParse(null).error?.issues[0]?.message).toBe(NotificationMessages.systemMessageNothingToChange);
    expect(systemMessageUpdateSchema.parse({ is_active: false })).toEqual({ is_active: false });
  });
});
