import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedMessages } from '@planner/contracts';
import { OutboxEvent } from '@planner/service-kit/data';
import { publishCopy, testEvent, waitFor } from '@planner/service-kit/testing';
import { Delivery } from '../src/entities/delivery.entity.js';
import { Newsletter } from '../src/entities/newsletter.entity.js';
import { Subscriber } from '../src/entities/subscriber.entity.js';
import { signLink, unsubscribeUrl } from '../src/domain/links.js';
import { SIGNING_KEY, startContent, type Content } from './service.js';

let c: Content;

beforeAll(async () => {
  c = await startContent({ NEWSLETTER_BATCH_SIZE: '7', NEWSLETTER_JOB_LOCK_MS: '2000' });
});
afterAll(async () => c?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) => c.api.send({ method, url, payload, headers });
const asAdmin = (method: Method, url: string, payload?: object) => send(method, url, payload, c.tokens.admin);
const subscriber = (email: string) => c.ctx.dataSource.getRepository(Subscriber).findOneBy({ email });
const deliveryEvents = async (newsletterId: string) =>
  (await c.ctx.dataSource.getRepository(OutboxEvent).findBy({ subject: 'content.newsletter.delivery_requested' }))
    .map((row) => row.envelope.data as { deliveryId: string; newsletterId: string; email: string; subject: string; html: string; text: string; unsubscribeUrl: string })
    .filter((data) => data.newsletterId === newsletterId);

async function sentNewsletter(subject: string, content: string) {
  const created = await asAdmin('POST', '/newsletter/admin/newsletters', { subject, content });
  expect(created.statusCode).toBe(201);
  const { id } = created.json().newsletter;
  const sent = await asAdmin('POST', `/newsletter/admin/newsletters/${id}/send`);
  expect(sent.statusCode).toBe(202);
  await waitFor(() => c.ctx.dataSource.getRepository(Newsletter).findOneByOrFail({ id }), (n) => n.finishedAt !== null);
  return id as string;
}

const confirmationEvents = async (email: string) =>
  (await c.ctx.dataSource.getRepository(OutboxEvent).find({ where: { subject: 'content.newsletter.confirmation_requested' }, order: { createdAt: 'ASC' } }))
    .map((row) => row.envelope.data as { email: string; confirmUrl: string })
    .filter((data) => data.email === email);

/** Signs up through the form and confirms by the mailed link, as the address's owner does. */
async function subscribeConfirmed(email: string): Promise<void> {
  expect((await send('POST', '/newsletter/subscribe', { email })).statusCode).toBe(200);
  const asked = await confirmationEvents(email.trim().toLowerCase());
  const confirmed = await c.api.follow(asked.at(-1)!.confirmUrl, { method: 'POST' });
  expect(confirmed.status).toBe(200);
}

describe('subscribing and unsubscribing', () => {
  it('asks the owner of a new address to confirm by mail, once however often asked, and asks for a valid address', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await send('POST', '/newsletter/subscribe', { email: '  Reader.One@Example.com ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Please check your inbox and click the link in our email to confirm your subscription.' });
    }
    expect(await subscriber('reader.one@example.com')).toMatchObject({ isActive: false, unsubscribedAt: null });
    // One confirmation mail for the two signups a moment apart.
    const asked = await confirmationEvents('reader.one@example.com');
    expect(asked).toHaveLength(1);
    const link = new URL(asked[0]!.confirmUrl);
    expect(`${link.origin}${link.pathname}`).toBe('https://planner.example/api/newsletter/confirm');
    expect(link.searchParams.get('email')).toBe('reader.one@example.com');

    // Opening the link (the owner, or a mail scanner) asks; its button confirms.
    const opened = await c.api.follow(link.toString());
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('Subscribe reader.one@example.com to the newsletter?');
    expect((await subscriber('reader.one@example.com'))?.isActive).toBe(false);
    const confirmed = await c.api.follow(link.toString(), { method: 'POST', headers: { accept: 'text/html' } });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Thank you for subscribing to our newsletter!');
    expect((await subscriber('reader.one@example.com'))?.isActive).toBe(true);
    expect((await c.api.follow(link.toString(), { method: 'POST' }).then((r) => r.json())) as object).toEqual({ success: true, message: 'Thank you for subscribing to our newsletter!' });

    // Subscribed: a new signup sends nothing. A forged or borrowed confirmation link confirms nothing.
    await send('POST', '/newsletter/subscribe', { email: 'reader.one@example.com' });
    expect(await confirmationEvents('reader.one@example.com')).toHaveLength(1);
    await send('POST', '/newsletter/subscribe', { email: 'someone.else@example.com' });
    const borrowed = new URL(link);
    borrowed.searchParams.set('email', 'someone.else@example.com');
    const unsubscribeToken = new URL(unsubscribeUrl({ appUrl: 'https://planner.example', key: SIGNING_KEY }, 'someone.else@example.com')).searchParams.get('token')!;
    const otherPurpose = new URL(borrowed);
    otherPurpose.searchParams.set('token', unsubscribeToken);
    for (const forged of [borrowed, otherPurpose]) {
      const res = await c.api.follow(forged.toString(), { method: 'POST' });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe('This confirmation link is invalid.');
    }
    expect((await subscriber('someone.else@example.com'))?.isActive).toBe(false);
    // A link for an address deleted since confirms nothing either.
    await c.ctx.dataSource.getRepository(Subscriber).delete({ email: 'someone.else@example.com' });
    const [gone] = await confirmationEvents('someone.else@example.com');
    expect((await c.api.follow(gone!.confirmUrl, { method: 'POST' })).status).toBe(400);
    expect(await subscriber('someone.else@example.com')).toBeNull();

    for (const payload of [{ email: '' }, { email: 'not-an-address' }, {}]) {
      const res = await send('POST', '/newsletter/subscribe', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid email address');
    }
  });

  it('unsubscribes by address with the same answer for unknown ones, and a new subscribe reactivates', async () => {
    await subscribeConfirmed('leaver@example.com');
    const res = await send('POST', '/newsletter/unsubscribe', { email: 'LEAVER@example.com' });
    expect(res.json()).toEqual({ success: true, message: 'You have been unsubscribed from the newsletter.' });
    expect((await subscriber('leaver@example.com'))?.isActive).toBe(false);
    expect((await send('POST', '/newsletter/unsubscribe', { email: 'nobody@example.com' })).json().message).toBe('You have been unsubscribed from the newsletter.');
    const blank = await send('POST', '/newsletter/unsubscribe', { email: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please enter your email address');

    // Back on the list only once the owner confirms again.
    await send('POST', '/newsletter/subscribe', { email: 'leaver@example.com' });
    expect((await subscriber('leaver@example.com'))?.isActive).toBe(false);
    await subscribeConfirmed('leaver@example.com');
    expect((await subscriber('leaver@example.com'))?.isActive).toBe(true);

    // A signup awaiting confirmation can be withdrawn too.
    await send('POST', '/newsletter/subscribe', { email: 'hesitant@example.com' });
    await send('POST', '/newsletter/unsubscribe', { email: 'hesitant@example.com' });
    expect((await subscriber('hesitant@example.com'))?.unsubscribedAt).not.toBeNull();
  });

  it('subscribes a new account that ticked the newsletter box once its address is verified, once even when the event comes twice', async () => {
    const event = (email: string, newsletterSubscribe: boolean, emailVerified = false) =>
      testEvent('auth.user.registered', { userId: randomUUID(), username: 'someone', email, role: 'basic', newsletterSubscribe, emailVerified });
    const ticked = event('Ticked@Example.com', true);
    await c.ctx.bus.publish(ticked);
    await c.ctx.bus.publish(event('unticked@example.com', false));
    // Awaiting the verification of the address: auth's verification mail is the confirmation.
    await expect.poll(() => subscriber('ticked@example.com'), { timeout: 5000 }).toMatchObject({ isActive: false, unsubscribedAt: null, userId: ticked.data.userId });
    expect(await confirmationEvents('ticked@example.com')).toEqual([]);
    await c.publish('auth.user.verified', { userId: ticked.data.userId, email: 'ticked@example.com' });
    await expect.poll(() => subscriber('ticked@example.com'), { timeout: 5000 }).toMatchObject({ isActive: true });
    // Google sign-up: verified from the start.
    const google = event('google.user@example.com', true, true);
    await c.ctx.bus.publish(google);
    await expect.poll(() => subscriber('google.user@example.com'), { timeout: 5000 }).toMatchObject({ isActive: true, userId: google.data.userId });

    // Unsubscribed since; the same event again (past JetStream's dedupe: no msgID) must not subscribe them again.
    await send('POST', '/newsletter/unsubscribe', { email: 'ticked@example.com' });
    await publishCopy(c.ctx, ticked);
    const marker = event('marker@example.com', true);
    await c.ctx.bus.publish(marker); // handled after the copy: once it is in, the copy was seen
    await expect.poll(() => subscriber('marker@example.com'), { timeout: 5000 }).not.toBeNull();
    expect((await subscriber('ticked@example.com'))?.isActive).toBe(false);
    expect(await subscriber('unticked@example.com')).toBeNull();
    // Nor does a later verification bring an unsubscribed address back.
    await c.publish('auth.user.verified', { userId: ticked.data.userId, email: 'ticked@example.com' });
    const after = event('after@example.com', true, true);
    await c.ctx.bus.publish(after);
    await expect.poll(() => subscriber('after@example.com'), { timeout: 5000 }).not.toBeNull();
    expect((await subscriber('ticked@example.com'))?.isActive).toBe(false);
  });

  it('takes a deleted account’s address off the list', async () => {
    await subscribeConfirmed('closing@example.com');
    await c.publish('auth.user.deleted', { userId: randomUUID(), email: 'Closing@example.com' });
    await expect.poll(() => subscriber('closing@example.com'), { timeout: 5000 }).toBeNull();
  });
});

describe('sending a newsletter', () => {
  it('writes one delivery event per active subscriber, in batches, and records the recipients', async () => {
    const emails = Array.from({ length: 20 }, (_, i) => `batch${i}@example.com`);
    for (const email of emails) await subscribeConfirmed(email);
    await send('POST', '/newsletter/unsubscribe', { email: 'batch0@example.com' });
    const active = await c.ctx.dataSource.getRepository(Subscriber).countBy({ isActive: true });

    const id = await sentNewsletter('Monthly news', '<p>Hello <a href="https://blog.example/post">read</a></p><script>x()</script>');
    const newsletter = (await asAdmin('GET', `/newsletter/admin/newsletters/${id}`)).json().newsletter;
    expect(newsletter).toMatchObject({ subject: 'Monthly news', status: 'sent', recipients_count: active });
    expect(newsletter.sent_at).not.toBeNull();

    const events = await deliveryEvents(id);
    expect(events).toHaveLength(active);
    expect(new Set(events.map((e) => e.email)).size).toBe(active);
    expect(events.map((e) => e.email)).not.toContain('batch0@example.com');
    const deliveries = await c.ctx.dataSource.getRepository(Delivery).findBy({ newsletterId: id });
    expect(deliveries.map((d) => d.id).sort()).toEqual(events.map((e) => e.deliveryId).sort());
    const one = events[0]!;
    expect(one.subject).toBe('Monthly news');
    expect(one.html).not.toContain('<script');
    expect(one.html).toContain(one.unsubscribeUrl.replaceAll('&', '&amp;'));
    expect(one.text).toContain(`Unsubscribe: ${one.unsubscribeUrl}`);

    const again = await asAdmin('POST', `/newsletter/admin/newsletters/${id}/send`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This newsletter has already been sent.');
    expect(await deliveryEvents(id)).toHaveLength(active);
  });

  it('unsubscribes through the signed link of a mail, and refuses forged or borrowed ones', async () => {
    await subscribeConfirmed('victim@example.com');
    const id = await sentNewsletter('Links', '<p>hi</p>');
    const [mine, victims] = ['batch1@example.com', 'victim@example.com'].map((email) => (async () => (await deliveryEvents(id)).find((e) => e.email === email)!)());
    const link = new URL((await mine)!.unsubscribeUrl);
    const victimLink = new URL((await victims)!.unsubscribeUrl);

    const forged = [
      `/newsletter/unsubscribe/one-click?email=victim%40example.com&token=${link.searchParams.get('token')}`,
      `/newsletter/unsubscribe/one-click?email=victim%40example.com&token=${victimLink.searchParams.get('token')!.slice(0, -2)}AA`,
      '/newsletter/unsubscribe/one-click?email=victim%40example.com',
    ];
    for (const path of forged) {
      const res = await c.api.fetch(path);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('This unsubscribe link is invalid.');
    }
    expect((await subscriber('victim@example.com'))?.isActive).toBe(true);

    // Opening the link (a reader, or a mail scanner fetching it) only asks to confirm.
    const opened = await c.api.follow(link.toString());
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toMatch(/^text\/html/);
    const confirm = await opened.text();
    expect(confirm).toContain('Unsubscribe batch1@example.com from the newsletter?');
    expect(confirm).toContain('<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>');
    expect((await subscriber('batch1@example.com'))?.isActive).toBe(true);
    // Its button posts the form back to the same address, as a browser does.
    const confirmed = await c.api.follow(link.toString(), {
      method: 'POST',
      headers: { accept: 'text/html,application/xhtml+xml', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await confirmed.text()).toContain('You have been unsubscribed from the newsletter.');
    expect((await subscriber('batch1@example.com'))?.isActive).toBe(false);

    // RFC 8058 one-click: the mail client POSTs a form to the same link.
    const posted = await c.api.follow(victimLink.toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    expect((await subscriber('victim@example.com'))?.isActive).toBe(false);
  });

  it('counts opens from the pixel and clicks through signed redirects, and delivery outcomes from notifications (late bounces too)', async () => {
    const id = await sentNewsletter('Tracked', '<p>See <a href="https://blog.example/a?x=1&y=2">this</a></p>');
    const [first, second, third] = await deliveryEvents(id);
    const pixel = first!.html.match(/<img src="([^"]+)"/)![1]!.replaceAll('&amp;', '&');
    const opened = await c.api.follow(pixel);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('image/gif');
    expect(Buffer.from(await opened.arrayBuffer()).subarray(0, 6).toString()).toBe('GIF89a');

    const click = second!.html.match(/<a href="([^"]+)">this<\/a>/)![1]!.replaceAll('&amp;', '&');
    const redirected = await c.api.follow(click);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('https://blog.example/a?x=1&y=2');
    const elsewhere = new URL(click);
    elsewhere.searchParams.set('url', 'https://evil.example/');
    const refused = await c.api.follow(elsewhere.toString());
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe('This link is invalid.');

    await c.publish('notifications.email.failed', {
      emailId: randomUUID(), kind: 'newsletter', deliveryId: third!.deliveryId, permanent: true, reason: '550 no such user', attempts: 1,
    });
    await c.publish('notifications.email.sent', { emailId: randomUUID(), kind: 'newsletter', deliveryId: first!.deliveryId, messageId: '<m1@planner.example>' });
    const repo = c.ctx.dataSource.getRepository(Delivery);
    await expect.poll(() => repo.findOneByOrFail({ id: third!.deliveryId }), { timeout: 5000 }).toMatchObject({ status: 'failed', error: '550 no such user' });
    await expect.poll(() => repo.findOneByOrFail({ id: first!.deliveryId }), { timeout: 5000 }).toMatchObject({ status: 'sent' });
    // The refused address gets no more newsletters.
    expect((await subscriber(third!.email))?.isActive).toBe(false);

    // A bounce reported later, after the mail was sent: not delivered after all, and the address is off the list too.
    await c.publish('notifications.email.sent', { emailId: randomUUID(), kind: 'newsletter', deliveryId: second!.deliveryId, messageId: '<m2@planner.example>' });
    await expect.poll(() => repo.findOneByOrFail({ id: second!.deliveryId }), { timeout: 5000 }).toMatchObject({ status: 'sent' });
    expect((await subscriber(second!.email))?.isActive).toBe(true);
    const reason = 'smtp; 550 5.1.1 No such user';
    await c.publish('notifications.email.bounced', { emailId: randomUUID(), kind: 'newsletter', deliveryId: second!.deliveryId, status: '5.1.1', reason });
    await expect.poll(() => repo.findOneByOrFail({ id: second!.deliveryId }), { timeout: 5000 }).toMatchObject({ status: 'bounced', error: reason });
    expect(await subscriber(second!.email)).toMatchObject({ isActive: false, unsubscribedAt: expect.any(Date) });

    const all = await repo.find();
    const delivered = all.filter((d) => d.status !== 'failed' && d.status !== 'bounced').length;
    const stats = await asAdmin('GET', '/newsletter/stats');
    expect(stats.statusCode).toBe(200);
    const subscribers = await c.ctx.dataSource.getRepository(Subscriber).find();
    expect(subscribers.some((s) => !s.isActive && !s.unsubscribedAt)).toBe(true); // a pending signup, left out of the total
    expect(stats.json()).toEqual({
      total_subscribers: subscribers.filter((s) => s.isActive || s.unsubscribedAt).length,
      active_subscribers: subscribers.filter((s) => s.isActive).length,
      pending_subscribers: subscribers.filter((s) => !s.isActive && !s.unsubscribedAt).length,
      newsletters_sent: 3,
      open_rate: Math.round((2 / delivered) * 10_000) / 10_000, // the pixel, and the click
      click_rate: Math.round((1 / delivered) * 10_000) / 10_000,
    });
  });
});

describe('newsletter administration', () => {
  it('creates, lists by status with paging, edits, and deletes drafts only', async () => {
    for (const payload of [{ subject: ' ', content: '<p>x</p>' }, { subject: 'S' }, { subject: 'S', content: '<script>x</script>' }]) {
      const res = await asAdmin('POST', '/newsletter/admin/newsletters', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Subject and content are required');
    }
    const draft = (await asAdmin('POST', '/newsletter/admin/newsletters', { subject: 'Draft', content: '<p onclick="x()">d</p>' })).json().newsletter;
    expect(draft).toMatchObject({ subject: 'Draft', content: '<p>d</p>', status: 'draft', sent_at: null, recipients_count: 0 });

    const drafts = (await asAdmin('GET', '/newsletter/admin/newsletters?sent=false')).json();
    expect(drafts.newsletters.map((n: { id: string }) => n.id)).toEqual([draft.id]);
    const sent = (await asAdmin('GET', '/newsletter/admin/newsletters?sent=true&per_page=2')).json();
    expect(sent.pagination).toEqual({ page: 1, per_page: 2, total: 3, total_pages: 2 });
    expect(sent.newsletters.every((n: { status: string }) => n.status === 'sent')).toBe(true);

    const edited = await asAdmin('PUT', `/newsletter/admin/newsletters/${draft.id}`, { subject: 'Draft 2' });
    expect(edited.json().newsletter).toMatchObject({ subject: 'Draft 2', content: '<p>d</p>' });
    expect((await asAdmin('DELETE', `/newsletter/admin/newsletters/${draft.id}`)).json()).toEqual({ success: true, message: 'Newsletter deleted.' });
    const gone = await asAdmin('GET', `/newsletter/admin/newsletters/${draft.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Newsletter not found');

    const sentOne = sent.newsletters[0];
    const kept = await asAdmin('DELETE', `/newsletter/admin/newsletters/${sentOne.id}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe('A sent newsletter cannot be deleted.');
    // While a send is under way its content stays as the first mails had it.
    const sending = await c.ctx.dataSource.getRepository(Newsletter).save({ subject: 'Going out', content: '<p>v1</p>', sentAt: new Date() });
    const midSend = await asAdmin('PUT', `/newsletter/admin/newsletters/${sending.id}`, { content: '<p>v2</p>' });
    expect(midSend.statusCode).toBe(409);
    expect(midSend.json().message).toBe('This newsletter is being sent. Please edit its content when sending has finished.');
    // Sent ones may still be edited (part 1 §4).
    expect((await asAdmin('PUT', `/newsletter/admin/newsletters/${sentOne.id}`, { content: '<p>fixed</p>' })).json().newsletter.content).toBe('<p>fixed</p>');
  });

  it('lists subscribers 50 a page with the active filter, and deletes them', async () => {
    for (let i = 0; i < 40; i += 1) await subscribeConfirmed(`list${i}@example.com`);
    const total = await c.ctx.dataSource.getRepository(Subscriber).count();
    expect(total).toBeGreaterThan(50);
    const page1 = (await asAdmin('GET', '/newsletter/admin/subscribers')).json();
    expect(page1.subscribers).toHaveLength(50);
    expect(page1.pagination).toEqual({ page: 1, per_page: 50, total, total_pages: Math.ceil(total / 50) });
    expect(Object.keys(page1.subscribers[0]).sort()).toEqual(['created_at', 'email', 'id', 'is_active', 'status']);
    const inactive = (await asAdmin('GET', '/newsletter/admin/subscribers?active=false')).json();
    expect(inactive.subscribers.length).toBeGreaterThan(0);
    expect(inactive.subscribers.every((s: { is_active: boolean }) => !s.is_active)).toBe(true);

    const target = (await subscriber('batch5@example.com'))!;
    expect((await asAdmin('DELETE', `/newsletter/admin/subscribers/${target.id}`)).json()).toEqual({ success: true, message: 'Subscriber deleted.' });
    expect(await subscriber('batch5@example.com')).toBeNull();
    // Its deliveries stay for the statistics.
    expect(await c.ctx.dataSource.getRepository(Delivery).countBy({ email: 'batch5@example.com' })).toBeGreaterThan(0);
    const again = await asAdmin('DELETE', `/newsletter/admin/subscribers/${target.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Subscriber not found');
  });

  it('answers malformed input with the field’s message (400) and ids that cannot exist with 404, never a 500', async () => {
    const cases: Array<[string, Method, string, object | undefined, number, string]> = [
      ['subscribe without a body', 'POST', '/newsletter/subscribe', undefined, 400, 'Please enter a valid email address'],
      ['subscribe with a list', 'POST', '/newsletter/subscribe', ['a@example.com'], 400, 'Please enter a valid email address'],
      ['unsubscribe without a body', 'POST', '/newsletter/unsubscribe', undefined, 400, 'Please enter your email address'],
      ['unsubscribe with a number', 'POST', '/newsletter/unsubscribe', { email: 5 }, 400, 'Please enter your email address'],
      ['a newsletter without a body', 'POST', '/newsletter/admin/newsletters', undefined, 400, 'Subject and content are required'],
      ['a long subject', 'POST', '/newsletter/admin/newsletters', { subject: 's'.repeat(301), content: '<p>x</p>' }, 400, 'Subject must be 300 characters or less.'],
      ['a bad sent filter', 'GET', '/newsletter/admin/newsletters?sent=1', undefined, 400, 'The filter must be true or false.'],
      ['a bad active filter', 'GET', '/newsletter/admin/subscribers?active=maybe', undefined, 400, 'The filter must be true or false.'],
      ['page 0 of subscribers', 'GET', '/newsletter/admin/subscribers?page=0', undefined, 400, 'page must be a whole number of at least 1.'],
      ['a newsletter id that is no id', 'GET', '/newsletter/admin/newsletters/42', undefined, 404, 'Newsletter not found'],
      ['update of an id that is no id', 'PUT', '/newsletter/admin/newsletters/42', { subject: 's' }, 404, 'Newsletter not found'],
      ['delete of an id that is no id', 'DELETE', '/newsletter/admin/newsletters/42', undefined, 404, 'Newsletter not found'],
      ['send of an id that is no id', 'POST', '/newsletter/admin/newsletters/42/send', undefined, 404, 'Newsletter not found'],
      ['send of an unknown newsletter', 'POST', `/newsletter/admin/newsletters/${randomUUID()}/send`, undefined, 404, 'Newsletter not found'],
      ['delete of a subscriber id that is no id', 'DELETE', '/newsletter/admin/subscribers/42', undefined, 404, 'Subscriber not found'],
    ];
    for (const [label, method, url, payload, status, message] of cases) {
      const res = await asAdmin(method, url, payload);
      expect(res.statusCode, label).toBe(status);
      expect(res.json().message, label).toBe(message);
    }
  });

  it('refuses every admin route and the stats to non-admins (403) and anonymous callers (401)', async () => {
    const id = '0b6f7c1e-1d1a-4c55-9a57-8b0c2b1f9a10';
    const routes: Array<[Method, string, object?]> = [
      ['GET', '/newsletter/stats'],
      ['GET', '/newsletter/admin/newsletters'],
      ['GET', `/newsletter/admin/newsletters/${id}`],
      ['POST', '/newsletter/admin/newsletters', { subject: 's', content: '<p>c</p>' }],
      ['PUT', `/newsletter/admin/newsletters/${id}`, { subject: 's' }],
      ['DELETE', `/newsletter/admin/newsletters/${id}`],
      ['POST', `/newsletter/admin/newsletters/${id}/send`],
      ['GET', '/newsletter/admin/subscribers'],
      ['DELETE', `/newsletter/admin/subscribers/${id}`],
    ];
    for (const [method, url, payload] of routes) {
      const user = await send(method, url, payload, c.tokens.user);
      expect(user.statusCode, `${method} ${url}`).toBe(403);
      expect(user.json().message).toBe('Unauthorized: Admin access required');
      expect((await send(method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('links and forms as mail clients and browsers send them', () => {
  it('answers a link that is not ours as a page for browsers, takes multipart one-click posts and HTML forms', async () => {
    await subscribeConfirmed('multi@example.com');
    const id = await sentNewsletter('Forms', '<p>forms</p>');
    const link = (await deliveryEvents(id)).find((e) => e.email === 'multi@example.com')!.unsubscribeUrl;

    // A browser opening a broken or forged link gets a page saying so, not JSON.
    for (const query of ['email=multi%40example.com&token=' + 'x'.repeat(500), 'email=multi%40example.com&email=other%40example.com&token=abc', '']) {
      const res = await c.api.fetch(`/newsletter/unsubscribe/one-click?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type'), query).toMatch(/^text\/html/);
      expect(await res.text()).toContain('This unsubscribe link is invalid.');
    }
    const refused = await c.api.fetch('/newsletter/unsubscribe/one-click?email=multi%40example.com&token=abc', { method: 'POST' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe('This unsubscribe link is invalid.');
    const refusedPage = await c.api.fetch('/newsletter/unsubscribe/one-click?email=multi%40example.com&token=abc', { method: 'POST', headers: { accept: 'text/html' } });
    expect(refusedPage.status).toBe(400);
    expect(refusedPage.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await refusedPage.text()).toContain('This unsubscribe link is invalid.');
    // An address with markup in it is shown as text on the confirmation page.
    const marked = '<b>x</b>@example.com';
    const markedPage = await c.api.fetch(`/newsletter/unsubscribe/one-click?${new URLSearchParams({ email: marked, token: signLink(SIGNING_KEY, 'unsubscribe', marked) })}`);
    expect(markedPage.status).toBe(200);
    const markedHtml = await markedPage.text();
    expect(markedHtml).toContain('Unsubscribe &lt;b&gt;x&lt;/b&gt;@example.com from the newsletter?');
    expect(markedHtml).not.toContain('<b>');

    // RFC 8058 §3.1: the one-click POST SHOULD be multipart/form-data.
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const posted = await c.api.follow(link, { method: 'POST', body: form });
    expect(posted.status).toBe(200);
    expect((await subscriber('multi@example.com'))?.isActive).toBe(false);

    // A plain HTML form subscribes as the JSON call does.
    const fromForm = await c.api.fetch('/newsletter/subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=Form%40Example.com',
    });
    expect(fromForm.status).toBe(200);
    expect(await confirmationEvents('form@example.com')).toHaveLength(1);

    // The pixel never shows a broken image; a click link that is not ours is refused.
    const pixel = await c.api.fetch('/newsletter/track/open/not-a-delivery');
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    const click = await c.api.fetch('/newsletter/track/click/not-a-delivery?url=https%3A%2F%2Fevil.example&sig=x');
    expect(click.status).toBe(400);
    expect(((await click.json()) as { message: string }).message).toBe('This link is invalid.');
  });
  it('refuses a multipart form it cannot read (cut short, without a boundary, not multipart at all) with a 400 saying so', async () => {
    const boundary = 'newsletter-boundary';
    const whole = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\ncut@example.com\r\n`;
    for (const [contentType, body] of [
      [`multipart/form-data; boundary=${boundary}`, whole],
      ['multipart/form-data', `${whole}--${boundary}--\r\n`],
      [`multipart/form-data; boundary=${boundary}`, 'garbage, not a form \u0000\u00ff'.repeat(20)],
    ]) {
      const res = await c.api.fetch('/newsletter/subscribe', { method: 'POST', headers: { 'content-type': contentType! }, body });
      expect(res.status, contentType).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(SharedMessages.formUnreadable);
    }
    expect(await confirmationEvents('cut@example.com')).toHaveLength(0);
  });
});
