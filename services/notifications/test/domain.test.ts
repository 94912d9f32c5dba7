import { describe, expect, it } from 'vitest';
import { NotificationMessages, systemMessageCreateSchema, systemMessageUpdateSchema } from '@planner/contracts';
import { afterFailure, describeFailure, messageIdFor } from '../src/domain/delivery.js';
import { escapeHtml, renderAccountDeleted, renderNewsletter, renderNewsletterConfirmation, renderPasswordReset, renderVerification } from '../src/domain/templates.js';

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
