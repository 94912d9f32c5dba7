import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentMessages, LIMITS } from '@planner/contracts';
import type { Newsletter, NewsletterStats, NewsletterSubscriber } from '@planner/remote-contract';
import { NewsletterTexts } from '../src/newsletter/messages.js';
import { NewsletterDashboardPage } from '../src/newsletter/NewsletterDashboardPage.js';
import { SEND_PROGRESS_POLL_MS } from '../src/newsletter/send-progress.js';
import { adminHost, apiError, renderPage, type Call } from './support.js';

afterEach(cleanup);

/** The 120 in the subscriber list: 110 subscribers (97 of them active) and 10 signups awaiting confirmation. */
const STATS: NewsletterStats = { total_subscribers: 110, active_subscribers: 97, pending_subscribers: 10, newsletters_sent: 4, open_rate: 0.12345, click_rate: 0.05 };

function newsletter(id: string, subject: string, sent = false): Newsletter {
  return {
    id,
    subject,
    content: `<h1>${subject}</h1><p>Hello readers</p>`,
    status: sent ? 'sent' : 'draft',
    sent_at: sent ? '2026-11-01T10:00:00.000Z' : null,
    finished_at: sent ? '2026-11-01T10:01:00.000Z' : null,
    created_at: '2026-10-30T09:00:00.000Z',
    recipients_count: sent ? 97 : 0,
  };
}

function subscriber(n: number): NewsletterSubscriber {
  return { id: `s${n}`, email: `reader${n}@example.com`, is_active: n % 3 !== 0, status: n % 3 !== 0 ? 'active' : 'unsubscribed', created_at: '2026-10-01T08:00:00.000Z' };
}

const pagination = (page: number, perPage: number, total: number) => ({ page, per_page: perPage, total, total_pages: Math.max(1, Math.ceil(total / perPage)) });

/** The shell client's text for a server error that sent no message of its own. */
const SERVER_ERROR_TEXT = 'A server error occurred. Please try again later.';

/**
 * The content service as the dashboard sees it: two newsletters (a draft and a sent one), 120 subscribers
 * (the list at `options.failing` a server error instead); `change` answers the rest.
 */
function dashboardHost(change: (call: Call) => unknown = () => ({ success: true, message: 'Done.' }), options: { stats?: () => NewsletterStats; failing?: string } = {}) {
  return adminHost({}, (call) => {
    const url = new URL(call.path, 'http://x');
    const page = Number(url.searchParams.get('page') ?? 1);
    if (call.method === 'GET' && url.pathname === options.failing) throw apiError(500, null, SERVER_ERROR_TEXT);
    if (call.method === 'GET' && url.pathname === '/newsletter/stats') return (options.stats ?? (() => STATS))();
    if (call.method === 'GET' && url.pathname === '/newsletter/admin/newsletters') {
      return { newsletters: [newsletter('n1', 'November news'), newsletter('n2', 'October news', true)], pagination: pagination(page, 10, 12) };
    }
    if (call.method === 'GET' && url.pathname === '/newsletter/admin/subscribers') {
      const perPage = Number(url.searchParams.get('per_page'));
      const all = Array.from({ length: 120 }, (_, i) => subscriber(i + 1));
      return { subscribers: all.slice((page - 1) * perPage, page * perPage), pagination: pagination(page, perPage, all.length) };
    }
    return change(call);
  });
}

const PATH = '/newsletter';
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

describe('newsletter dashboard: stats', () => {
  it('shows the figures, the rates as percents with one decimal', async () => {
    renderPage(NewsletterDashboardPage, dashboardHost().host, PATH);
    const card = (label: string) => screen.getByText(label).closest('div')!;
    await waitFor(() => expect(within(card('Open rate')).getByText('12.3%')).toBeTruthy());
    expect(within(card('Click rate')).getByText('5.0%')).toBeTruthy();
    expect(within(card('Total subscribers')).getByText('110')).toBeTruthy();
    expect(within(card('Active subscribers')).getByText('97')).toBeTruthy();
    expect(within(card('Newsletters sent')).getByText('4')).toBeTruthy();
  });

  it('counts the signups awaiting confirmation apart, so the cards add up to the subscriber list, which says it has them', async () => {
    renderPage(NewsletterDashboardPage, dashboardHost().host, PATH);
    const card = (label: string) => screen.getByText(label).closest('div')!;
    await waitFor(() => expect(within(card('Awaiting confirmation')).getByText('10')).toBeTruthy());
    expect(within(card('Total subscribers')).getByText('110')).toBeTruthy();
    expect((await screen.findByRole('heading', { name: /^Subscribers/ })).textContent).toBe('Subscribers (120, awaiting confirmation included)');
  });

  it('says when they cannot be loaded, and Refresh loads everything again', async () => {
    let fail = true;
    const { host, calls } = dashboardHost(undefined, {
      stats: () => {
        if (fail) throw apiError(503);
        return STATS;
      },
    });
    renderPage(NewsletterDashboardPage, host, PATH);
    expect(await screen.findByText(NewsletterTexts.statsFailed)).toBeTruthy();
    fail = false;
    const before = calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('12.3%')).toBeTruthy();
    const again = calls.slice(before).map((c) => c.path.split('?')[0]);
    expect(again).toEqual(expect.arrayContaining(['/newsletter/stats', '/newsletter/admin/newsletters', '/newsletter/admin/subscribers']));
  });
});

describe('newsletter dashboard: lists that cannot load', () => {
  it.each([
    { failing: '/newsletter/admin/newsletters', section: 'Newsletters', message: NewsletterTexts.fetchNewslettersFailed },
    { failing: '/newsletter/admin/subscribers', section: /^Subscribers/, message: NewsletterTexts.fetchSubscribersFailed },
  ])('$failing says $message alone, the spec’s words, not the client’s text for the status', async ({ failing, section, message }) => {
    renderPage(NewsletterDashboardPage, dashboardHost(undefined, { failing }).host, PATH);
    const alert = await within(screen.getByRole('region', { name: section })).findByRole('alert');
    expect(alert.textContent).toBe(message);
  });
});

describe('newsletter dashboard: compose and edit', () => {
  it('needs a subject and content, then saves a draft', async () => {
    const { host, calls, toasts } = dashboardHost(() => ({ newsletter: newsletter('n3', 'December news') }));
    renderPage(NewsletterDashboardPage, host, PATH);
    const form = await screen.findByRole('form', { name: 'Compose Newsletter' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save Draft' }));
    expect(within(form).getByRole('alert').textContent).toBe(ContentMessages.subjectAndContentRequired);
    await userEvent.type(within(form).getByLabelText('Subject'), 'December news');
    await userEvent.type(within(form).getByLabelText('Content (HTML)'), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Draft' }));
    expect(within(form).getByLabelText('Content (HTML)').getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([]);
    await userEvent.type(within(form).getByLabelText('Content (HTML)'), '<p>Hi</p>');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: NewsletterTexts.draftSaved }));
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/newsletter/admin/newsletters', body: { subject: 'December news', content: '   <p>Hi</p>' }, auth: true }]);
    const emptied = screen.getByRole('form', { name: 'Compose Newsletter' });
    expect((within(emptied).getByLabelText('Subject') as HTMLInputElement).value).toBe('');
  });

  it('Send Now asks first, then creates and sends; says when the id is missing or the send fails', async () => {
    let answer: 'ok' | 'no id' | 'send fails' = 'ok';
    const { host, calls, toasts } = dashboardHost((call) => {
      if (call.path === '/newsletter/admin/newsletters') return answer === 'no id' ? {} : { newsletter: newsletter('n9', 'Flash') };
      if (answer === 'send fails') throw apiError(409, { message: ContentMessages.newsletterAlreadySent });
      return { success: true, message: ContentMessages.newsletterSending, newsletter: newsletter('n9', 'Flash', true) };
    });
    renderPage(NewsletterDashboardPage, host, PATH);
    const form = await screen.findByRole('form', { name: 'Compose Newsletter' });
    await userEvent.type(within(form).getByLabelText('Subject'), 'Flash');
    await userEvent.type(within(form).getByLabelText('Content (HTML)'), '<p>Sale</p>');
    await userEvent.click(within(form).getByRole('button', { name: 'Send Now' }));
    const dialog = screen.getByRole('dialog', { name: 'Send newsletter' });
    expect(within(dialog).getByText(NewsletterTexts.confirmSend)).toBeTruthy();
    expect(document.activeElement, 'Cancel has the focus').toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes(calls), 'nothing without confirmation').toEqual([]);

    await userEvent.click(within(form).getByRole('button', { name: 'Send Now' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: ContentMessages.newsletterSending }));
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /newsletter/admin/newsletters', 'POST /newsletter/admin/newsletters/n9/send']);

    for (const [mode, message] of [
      ['no id', NewsletterTexts.noIdAfterCreate],
      ['send fails', ContentMessages.newsletterAlreadySent],
    ] as const) {
      answer = mode;
      const compose = screen.getByRole('form', { name: 'Compose Newsletter' });
      await userEvent.type(within(compose).getByLabelText('Subject'), 'Flash');
      await userEvent.type(within(compose).getByLabelText('Content (HTML)'), '<p>Sale</p>');
      await userEvent.click(within(compose).getByRole('button', { name: 'Send Now' }));
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send' }));
      await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message }));
      await userEvent.click(within(compose).getByRole('button', { name: 'Cancel' }));
    }
  });

  it('edits a newsletter, sent ones too, in the same form', async () => {
    const { host, calls, toasts } = dashboardHost((call) => {
      if (call.method === 'PUT') throw apiError(409, { message: ContentMessages.newsletterBeingSent });
      return {};
    });
    renderPage(NewsletterDashboardPage, host, PATH);
    const sent = await screen.findByRole('group', { name: 'Actions for October news' });
    await userEvent.click(within(sent).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit Newsletter: October news' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Subject'));
    expect((within(form).getByLabelText('Content (HTML)') as HTMLTextAreaElement).value).toBe('<h1>October news</h1><p>Hello readers</p>');
    await userEvent.type(within(form).getByLabelText('Subject'), ' (archive)');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: ContentMessages.newsletterBeingSent }));
    expect(writes(calls)).toEqual([
      { method: 'PUT', path: '/newsletter/admin/newsletters/n2', body: { subject: 'October news (archive)', content: '<h1>October news</h1><p>Hello readers</p>' }, auth: true },
    ]);
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('form', { name: 'Compose Newsletter' })).toBeTruthy();
  });
});

describe('newsletter dashboard: the list', () => {
  it('marks Draft and Sent; only drafts can be sent or deleted; both can be previewed', async () => {
    renderPage(NewsletterDashboardPage, dashboardHost().host, PATH);
    const draft = await screen.findByRole('group', { name: 'Actions for November news' });
    const sent = screen.getByRole('group', { name: 'Actions for October news' });
    expect(within(draft.closest('li')!).getByText('Draft')).toBeTruthy();
    expect(within(sent.closest('li')!).getByText('Sent')).toBeTruthy();
    expect(within(draft).getAllByRole('button').map((b) => b.textContent)).toEqual(['Preview', 'Edit', 'Send', 'Delete']);
    expect(within(sent).getAllByRole('button').map((b) => b.textContent)).toEqual(['Preview', 'Edit']);

    const previewButton = within(sent).getByRole('button', { name: 'Preview' });
    await userEvent.click(previewButton);
    const preview = screen.getByRole('dialog', { name: 'Preview: October news' });
    const frame = within(preview).getByTitle('Preview of October news');
    expect(frame.getAttribute('sandbox'), 'no scripts, no access to the page').toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<h1>October news</h1><p>Hello readers</p>');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement, 'focus back on the opener').toBe(previewButton);
  });

  it('sends and deletes a draft only after confirmation', async () => {
    const { host, calls, toasts } = dashboardHost((call) =>
      call.method === 'DELETE' ? { success: true, message: ContentMessages.newsletterDeleted } : { success: true, message: ContentMessages.newsletterSending },
    );
    renderPage(NewsletterDashboardPage, host, PATH);
    const draft = await screen.findByRole('group', { name: 'Actions for November news' });
    await userEvent.click(within(draft).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete newsletter' });
    expect(within(dialog).getByText(NewsletterTexts.confirmDeleteNewsletter)).toBeTruthy();
    expect(within(dialog).getByText('November news')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(writes(calls)).toEqual([]);
    await userEvent.click(within(draft).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: ContentMessages.newsletterDeleted }));
    await userEvent.click(within(draft).getByRole('button', { name: 'Send' }));
    expect(within(screen.getByRole('dialog', { name: 'Send newsletter' })).getByText(NewsletterTexts.confirmSend)).toBeTruthy();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: ContentMessages.newsletterSending }));
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /newsletter/admin/newsletters/n1', 'POST /newsletter/admin/newsletters/n1/send']);
  });

  it('shows a send’s progress as it goes until it is done, and says so in a live region', async () => {
    const sending = { ...newsletter('n3', 'December news', true), finished_at: null, recipients_count: 0 };
    const reads = [sending, { ...sending, recipients_count: 40 }, { ...sending, recipients_count: 97, finished_at: '2026-11-01T10:02:00.000Z' }];
    let read = 0;
    const { host } = adminHost({}, (call) => {
      if (call.path.startsWith('/newsletter/admin/newsletters')) return { newsletters: [reads[Math.min(read++, reads.length - 1)]], pagination: pagination(1, 10, 1) };
      if (call.path.startsWith('/newsletter/admin/subscribers')) return { subscribers: [], pagination: pagination(1, 50, 0) };
      return STATS;
    });
    renderPage(NewsletterDashboardPage, host, PATH);
    const item = (await screen.findByRole('group', { name: 'Actions for December news' })).closest('li')!;
    const live = within(screen.getByRole('region', { name: 'Newsletters' })).getByRole('status');
    expect(item.textContent).toContain('Sending since 01/Nov/2026');
    expect(item.textContent).toContain('0 subscribers so far…');
    await waitFor(() => expect(live.textContent).toBe('Sending “December news”…'));
    await waitFor(() => expect(item.textContent).toContain('40 subscribers so far…'), { timeout: 2 * SEND_PROGRESS_POLL_MS });
    await waitFor(() => expect(item.textContent).toContain('Sent 01/Nov/2026'), { timeout: 2 * SEND_PROGRESS_POLL_MS });
    expect(item.textContent).toContain('to 97 subscribers');
    expect(live.textContent).toBe('“December news” was sent to 97 subscribers.');
    await new Promise((resolve) => setTimeout(resolve, SEND_PROGRESS_POLL_MS + 200));
    expect(read, 'no more reads once done').toBe(3);
  });

  it('pages the newsletters with Previous and Next', async () => {
    const { host, calls } = dashboardHost();
    renderPage(NewsletterDashboardPage, host, PATH);
    const pager = await screen.findByRole('navigation', { name: 'Newsletter pages' });
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await within(pager).findByText('Page 2 of 2')).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain('/newsletter/admin/newsletters?page=2&per_page=10');
    expect(within(pager).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });
});

describe('newsletter dashboard: subscribers', () => {
  it(`shows ${LIMITS.newsletterSubscriberPageSize} a page, pages on, and deletes one after confirmation`, async () => {
    const { host, calls, toasts } = dashboardHost(() => ({ success: true, message: ContentMessages.subscriberDeleted }));
    renderPage(NewsletterDashboardPage, host, PATH);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getByText('reader50@example.com')).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain('/newsletter/admin/subscribers?page=1&per_page=50');
    const pager = screen.getByRole('navigation', { name: 'Subscriber pages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('reader52@example.com')).toBeTruthy();
    expect(screen.getByText('reader52@example.com').closest('tr')!.textContent).toContain('Active');
    expect(screen.getByText('reader51@example.com').closest('tr')!.textContent).toContain('Unsubscribed');
    expect(screen.queryByText('reader50@example.com')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Delete reader54@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete subscriber' });
    expect(within(dialog).getByText(NewsletterTexts.confirmDeleteSubscriber)).toBeTruthy();
    expect(within(dialog).getByText('reader54@example.com')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: ContentMessages.subscriberDeleted }));
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /newsletter/admin/subscribers/s54']);
  });

  it('says when a deletion fails, in the spec’s words', async () => {
    const { host, toasts } = dashboardHost(() => {
      throw apiError(404, { message: ContentMessages.subscriberNotFound });
    });
    renderPage(NewsletterDashboardPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete reader1@example.com' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: ContentMessages.subscriberNotFound }));
  });
});
