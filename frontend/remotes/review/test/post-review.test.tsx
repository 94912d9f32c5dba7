import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionMessages, PostMessages } from '@planner/contracts';
import { PostReviewPage } from '../src/PostReviewPage.js';
import { apiError, ORG_ID, ORGANIZATION, page, post, renderPage, reviewHost, type Call } from './support.js';

// Typing into the form key by key takes seconds on a busy machine (the default is 5 s).
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const PATH = '/organization/posts';
const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/posts?'));
const card = (name: RegExp | string) => screen.getAllByRole('listitem').find((item) => within(item).queryByRole('heading', { name }) !== null)!;

describe('Post Review: the list', () => {
  it('asks for pending posts first, shows each card with its platforms and time in the account’s zone', async () => {
    const { host, calls } = reviewHost(() => page([post('p1', { platforms: 'X,LinkedIn' })]));
    renderPage(PostReviewPage, host, PATH);
    expect(await screen.findByRole('heading', { name: 'Post for X, LinkedIn' })).toBeTruthy();
    expect(listCalls(calls)[0]!.path).toBe(`/posts?organization_id=${ORG_ID}&status=pending&page=1&per_page=20`);
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('pending');
    // 18:00 UTC on 24 Dec is 13:00 in New York.
    expect(await screen.findByText(/Scheduled for 24\/Dec\/2026 13:00 \(America\/New_York\)/)).toBeTruthy();
    const platforms = within(card('Post for X, LinkedIn')).getByRole('list', { name: 'Platforms' });
    expect(within(platforms).getByText('X')).toBeTruthy();
    expect(platforms.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(2);
  });

  it('says when the filter matches nothing, filters by failed too, and refreshes', async () => {
    const { host, calls } = reviewHost(() => page([]));
    renderPage(PostReviewPage, host, PATH);
    expect(await screen.findByText(PostMessages.noPostsForStatus)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'failed');
    await waitFor(() => expect(listCalls(calls).at(-1)!.path).toContain('status=failed'));
    const before = listCalls(calls).length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(listCalls(calls).length).toBe(before + 1));
  });

  it('shows a load failure with its message and Retry', async () => {
    let fail = true;
    const { host } = reviewHost(() => {
      if (fail) throw apiError(503, { message: 'Service temporarily unavailable. Please try again later.' });
      return page([post('p1')]);
    });
    renderPage(PostReviewPage, host, PATH);
    expect(await screen.findByText('Service temporarily unavailable. Please try again later.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Post for X' })).toBeTruthy();
  });

  it('pages through a long list', async () => {
    const { host, calls } = reviewHost((call) => (call.path.includes('&page=2&') ? page([post('p21')], { page: 2, total_pages: 2 }) : page([post('p1')], { total_pages: 2 })));
    renderPage(PostReviewPage, host, PATH);
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(listCalls(calls).at(-1)!.path).toContain('&page=2&');
    expect(screen.getByText('Fresh bread, post p21')).toBeTruthy();
  });
});

describe('Post Review: the actions a status allows', () => {
  it('pending: Approve, Reject, Edit, Delete; approved: Send back to review instead of Approve; rejected and published: Delete only; failed: Retry too', async () => {
    const posts = [
      post('p1', { platforms: 'X' }),
      post('p2', { platforms: 'LinkedIn', status: 'rejected' }),
      post('p3', { platforms: 'Telegram', status: 'published' }),
      post('p4', { platforms: 'Threads', status: 'failed' }),
      post('p5', { platforms: 'Facebook', status: 'approved' }),
    ];
    renderPage(PostReviewPage, reviewHost(() => page(posts)).host, PATH);
    await screen.findByRole('heading', { name: 'Post for X' });
    const buttons = (name: string) =>
      within(card(name))
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(buttons('Post for X')).toEqual(['Approve', 'Reject', 'Edit', 'Delete']);
    expect(buttons('Post for LinkedIn')).toEqual(['Delete']);
    expect(buttons('Post for Telegram')).toEqual(['Delete']);
    expect(buttons('Post for Threads')).toEqual(['Retry', 'Reject', 'Edit', 'Delete']);
    expect(buttons('Post for Facebook')).toEqual(['Send back to review', 'Reject', 'Edit', 'Delete']);
  });

  it('sends an approved post back to review without asking, shows the answer and reloads the filter, which no longer holds it', async () => {
    let sentBack = false;
    const { host, calls } = reviewHost((call) => {
      if (call.method === 'POST') {
        sentBack = true;
        return { post: post('p1', { status: 'pending_review' }), message: PostMessages.sentBackToReview };
      }
      const approved = call.path.includes('status=approved') && !sentBack;
      return page(approved ? [post('p1', { status: 'approved', review_notes: 'Good to go' })] : []);
    });
    renderPage(PostReviewPage, host, PATH);
    await screen.findByText(PostMessages.noPostsForStatus);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'approved');
    await userEvent.click(await screen.findByRole('button', { name: 'Send back to review' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText(PostMessages.sentBackToReview)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ path: '/posts/p1/clear' })]);
    // The list is asked again with the same filter: the post is pending review now, so it has gone.
    await waitFor(() => expect(listCalls(calls).map((c) => c.path.match(/status=(\w+)/)![1])).toEqual(['pending', 'approved', 'approved']));
    expect(await screen.findByText(PostMessages.noPostsForStatus)).toBeTruthy();
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('approved');
  });

  it('shows why a post could not be sent back (published meanwhile), and keeps it', async () => {
    const { host } = reviewHost((call) => {
      if (call.method === 'POST') throw apiError(409, { message: 'This post is published and can only be deleted.' });
      return page([post('p1', { status: 'approved' })]);
    });
    renderPage(PostReviewPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Send back to review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This post is published and can only be deleted.');
    expect(screen.getByRole('button', { name: 'Send back to review' })).toBeTruthy();
  });

  it('approves with optional notes, shows the answer, reloads the list; the banner clears after 5 s', async () => {
    const { host, calls } = reviewHost((call) => (call.method === 'POST' ? { post: post('p1', { status: 'approved' }), message: PostMessages.approved } : page([post('p1')])));
    renderPage(PostReviewPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const form = screen.getByRole('form', { name: 'Approve post' });
    await userEvent.type(within(form).getByLabelText('Approval notes (optional)'), 'Looks good');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(within(form).getByRole('button', { name: 'Approve post' }));
    expect(await screen.findByText(PostMessages.approved)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/posts/p1/approve', body: { notes: 'Looks good' } });
    await waitFor(() => expect(listCalls(calls).length).toBe(2));
    await act(async () => vi.advanceTimersByTime(4900));
    expect(screen.queryByText(PostMessages.approved)).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByText(PostMessages.approved)).toBeNull();
  });

  it('offers a new time when approving a post that missed its slot', async () => {
    const { host, calls } = reviewHost((call) => (call.method === 'POST' ? { post: post('p1'), message: PostMessages.approved } : page([post('p1', { missed_slot: PostMessages.missedSlot })])));
    renderPage(PostReviewPage, host, PATH);
    expect(await screen.findByText(PostMessages.missedSlot)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const form = screen.getByRole('form', { name: 'Approve post' });
    await userEvent.type(within(form).getByLabelText('New time (optional)'), '2027-01-05T10:30');
    await userEvent.click(within(form).getByRole('button', { name: 'Approve post' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ notes: null, scheduled_time: '2027-01-05T10:30' }));
  });

  it('needs a reason to reject', async () => {
    const { host, calls } = reviewHost((call) => (call.method === 'POST' ? { post: post('p1', { status: 'rejected' }), message: PostMessages.rejected } : page([post('p1')])));
    renderPage(PostReviewPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const form = screen.getByRole('form', { name: 'Reject post' });
    await userEvent.type(within(form).getByLabelText('Reason for rejecting'), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Reject post' }));
    expect(within(form).getByText(PostMessages.rejectReasonRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(form).getByLabelText('Reason for rejecting'), 'Wrong price');
    // Typing the reason drops the message that it was missing (issue 30).
    expect(within(form).queryByText(PostMessages.rejectReasonRequired)).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Reject post' }));
    expect(await screen.findByText(PostMessages.rejected)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/posts/p1/reject', body: { reason: 'Wrong price' } });
  });

  it('deletes after confirmation', async () => {
    const { host, calls } = reviewHost((call) => (call.method === 'DELETE' ? { message: PostMessages.deleted } : page([post('p1', { status: 'published' })])));
    renderPage(PostReviewPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete post' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PostMessages.deleted)).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe('/posts/p1');
  });

  it('Edit opens the designer with the post and the way back', async () => {
    renderPage(PostReviewPage, reviewHost(() => page([post('p1')])).host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/organization/designer'));
    const state = JSON.parse(screen.getByTestId('location-state').textContent!);
    expect(state.returnToRoute).toBe('/organization/posts');
    expect(state.editingPost.id).toBe('p1');
    expect(state.returnState).toEqual({ highlightPostId: 'p1', edited: true });
  });

  it('back from an edit that approved a pending post, shows it under Approved, marked Edited and focused', async () => {
    const edited = post('p1', { status: 'approved' });
    const { host, calls } = reviewHost((call) => (call.path === '/posts/p1' ? edited : page(call.path.includes('status=approved') ? [edited] : [])));
    renderPage(PostReviewPage, host, { pathname: PATH, state: { highlightPostId: 'p1', edited: true } });
    const heading = await screen.findByRole('heading', { name: 'Post for X' });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('approved');
    expect(listCalls(calls).map((c) => c.path.match(/status=(\w+)/)![1])).toEqual(['approved']);
    const edit = card('Post for X');
    expect(edit.contains(heading)).toBe(true);
    expect(within(edit).getByText('Edited')).toBeTruthy();
    expect(within(edit).getByText('Approved')).toBeTruthy();
    expect(document.activeElement).toBe(edit);
  });

  it('shows a published post’s link and a failed platform’s reason, and retries', async () => {
    const failed = post('p1', {
      status: 'failed',
      platforms: 'X,LinkedIn',
      publications: {
        x: { status: 'published', link: 'https://x.com/acme/status/1', reason: null, at: '2026-12-24T18:00:01.000Z' },
        linkedin: { status: 'failed', link: null, reason: 'LinkedIn is not connected.', at: '2026-12-24T18:00:01.000Z' },
      },
    });
    const { host, calls } = reviewHost((call) => (call.method === 'POST' ? { post: { ...failed, status: 'approved' }, message: PostMessages.retryQueued } : page([failed])));
    renderPage(PostReviewPage, host, PATH);
    const link = await screen.findByRole('link', { name: 'View on X' });
    expect(link.getAttribute('href')).toBe('https://x.com/acme/status/1');
    expect(screen.getByText('Failed: LinkedIn is not connected.')).toBeTruthy();
    // LinkedIn is the one platform not out: its own Retry, and no Retry all beside it.
    expect(within(card('Post for X, LinkedIn')).queryByRole('button', { name: /^Retry( all)?$/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry LinkedIn' }));
    expect(await screen.findByText(PostMessages.retryQueued)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/posts/p1/retry', body: { platforms: ['linkedin'] } });
  });

  it('an in-doubt platform found on the account is marked published, with its link, at once', async () => {
    const at = '2026-12-24T18:00:01.000Z';
    const inDoubt = post('p1', {
      status: 'failed',
      platforms: 'X,LinkedIn',
      publications: {
        x: { status: 'published', link: 'https://x.com/acme/status/1', reason: null, at },
        linkedin: { status: 'in_doubt', link: null, reason: 'We could not confirm it.', at },
      },
    });
    const publication = { id: 'pub-linkedin', post_id: 'p1', platform: 'linkedin', state: 'in_doubt', link: null, published_at: null };
    const link = 'https://www.linkedin.com/feed/update/urn:li:share:1';
    const { host, calls } = reviewHost((call) => {
      if (call.path === '/publications?post_id=p1') return { publications: [publication] };
      if (call.path === '/publications/pub-linkedin/confirm') return { publication: { ...publication, state: 'published', link, published_at: at } };
      return page([inDoubt]);
    });
    renderPage(PostReviewPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'It is on LinkedIn' }));
    await userEvent.type(screen.getByLabelText('Link to the post on LinkedIn (optional)'), link);
    await userEvent.click(screen.getByRole('button', { name: 'Mark as published' }));
    expect(await screen.findByText('Marked as published on LinkedIn.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View on LinkedIn' }).getAttribute('href')).toBe(link);
    expect(screen.queryByRole('button', { name: 'Retry LinkedIn' })).toBeNull();
    expect(calls.find((c) => c.path.endsWith('/confirm'))).toMatchObject({ method: 'POST', body: { link } });
  });

  it('retries one failed or in-doubt platform by its own button, named for it, or all of them with Retry all', async () => {
    const at = '2026-12-24T18:00:01.000Z';
    const failed = post('p1', {
      status: 'failed',
      platforms: 'X,LinkedIn,Telegram,Threads',
      publications: {
        x: { status: 'failed', link: null, reason: 'X is not connected.', at },
        linkedin: { status: 'in_doubt', link: null, reason: 'We could not confirm it.', at },
        telegram: { status: 'published', link: 'https://t.me/acme/1', reason: null, at },
        threads: { status: 'queued', link: null, reason: null, at },
      },
    });
    let answer: (value: unknown) => void = () => undefined;
    const { host, calls } = reviewHost((call) => (call.method === 'POST' ? new Promise((resolve) => (answer = resolve)) : page([failed])));
    renderPage(PostReviewPage, host, PATH);
    const platforms = within(await screen.findByRole('list', { name: 'Platforms' }));
    const row = (name: string) => platforms.getAllByRole('listitem').find((item) => item.querySelector('.post-platform-name')?.textContent === name)!;
    expect(within(row('X')).getByRole('button', { name: 'Retry X' })).toBeTruthy();
    expect(within(row('LinkedIn')).getByRole('button', { name: 'Retry LinkedIn' })).toBeTruthy();
    expect(within(row('Telegram')).queryByRole('button')).toBeNull();
    expect(within(row('Threads')).queryByRole('button')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Retry X' }));
    expect(screen.getByRole('button', { name: 'Retry X' }).textContent).toBe('Retrying...');
    expect(screen.getAllByRole('button', { name: /^Retry/ }).every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ path: '/posts/p1/retry', body: { platforms: ['x'] } })]);
    act(() => answer({ post: failed, message: PostMessages.retryQueuedOn('X') }));
    expect(await screen.findByText(PostMessages.retryQueuedOn('X'))).toBeTruthy();

    await userEvent.click(await screen.findByRole('button', { name: 'Retry all' }));
    expect(screen.getByRole('button', { name: 'Retrying...' })).toBeTruthy();
    act(() => answer({ post: { ...failed, status: 'approved' }, message: PostMessages.retryQueued }));
    expect(await screen.findByText(PostMessages.retryQueued)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({ path: '/posts/p1/retry', body: undefined });
  });

  it('shows a refused action’s message, else the spec’s fallback', async () => {
    let body: Record<string, unknown> | null = { message: 'This post is published and can only be deleted.' };
    const { host } = reviewHost((call) => {
      if (call.method === 'POST') throw apiError(409, body, '');
      return page([post('p1', { status: 'failed' })]);
    });
    renderPage(PostReviewPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('This post is published and can only be deleted.')).toBeTruthy();
    body = null;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Failed to update post. Please try again.')).toBeTruthy();
  });
});

describe('Post Review: a post from the calendar', () => {
  it('highlights the post the calendar names (route state)', async () => {
    renderPage(PostReviewPage, reviewHost(() => page([post('p1'), post('p2', { platforms: 'LinkedIn' })])).host, { pathname: PATH, state: { highlightPostId: 'p2' } });
    await screen.findByRole('heading', { name: 'Post for LinkedIn' });
    expect(card('Post for LinkedIn').className).toContain('post-card-highlighted');
    expect(within(card('Post for LinkedIn')).getByText('From the calendar')).toBeTruthy();
    expect(card('Post for X').className).not.toContain('post-card-highlighted');
    expect(document.activeElement).toBe(card('Post for LinkedIn'));
  });

  it('switches the filter to the post’s status, so an approved post is shown under Approved, never under Pending’s empty list', async () => {
    const approved = post('p9', { platforms: 'Telegram', status: 'approved' });
    const { host, calls } = reviewHost((call) => (call.path === '/posts/p9' ? approved : page(call.path.includes('status=approved') ? [post('p1'), approved] : [])));
    renderPage(PostReviewPage, host, { pathname: PATH, state: { highlightPostId: 'p9' } });
    await screen.findByRole('heading', { name: 'Post for Telegram' });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('approved');
    expect(listCalls(calls).map((c) => c.path.match(/status=(\w+)/)![1])).toEqual(['approved']);
    expect(screen.queryByText(PostMessages.noPostsForStatus)).toBeNull();
    expect(card('Post for Telegram').className).toContain('post-card-highlighted');
    // The user's own choice of filter is kept afterwards.
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'pending');
    expect(await screen.findByText(PostMessages.noPostsForStatus)).toBeTruthy();
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('pending');
  });

  it('shows it above the list when the page of its status does not hold it (query parameter)', async () => {
    const { host, calls } = reviewHost((call) => (call.path === '/posts/p9' ? post('p9', { platforms: 'Telegram', status: 'published' }) : page([post('p1', { status: 'published' })], { total_pages: 2 })));
    renderPage(PostReviewPage, host, `${PATH}?highlightPostId=p9`);
    const section = await screen.findByRole('region', { name: 'Post from the calendar' });
    expect(within(section).getByRole('heading', { name: 'Post for Telegram' })).toBeTruthy();
    expect(listCalls(calls).at(-1)!.path).toContain('status=published');
  });
});

describe('Post Review without a selected organization', () => {
  it('goes to /', async () => {
    const { host, calls } = reviewHost(() => page([]), { organization: null });
    renderPage(PostReviewPage, host, PATH);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(listCalls(calls)).toHaveLength(0);
  });
});

describe('a platform that published otherwise than asked (issue 29 §7, §8)', () => {
  it('shows its reason as a note beside the link, and nothing more where it published as asked', async () => {
    const notice = 'TikTok posted it visible to the creator only: this app is not yet audited by TikTok.';
    const published = post('p1', {
      status: 'published',
      platforms: 'X,TikTok',
      publications: {
        x: { status: 'published', link: 'https://x.com/acme/status/1', reason: null, at: '2026-12-24T18:00:01.000Z' },
        tiktok: { status: 'published', link: null, reason: notice, at: '2026-12-24T18:00:01.000Z' },
      },
    });
    const { host } = reviewHost(() => page([published]));
    renderPage(PostReviewPage, host, `${PATH}?status=published`);
    expect(await screen.findByText(`Note: ${notice}`)).toBeTruthy();
    expect(screen.getAllByText(/^Note:/)).toHaveLength(1);
  });
});

describe('a queued platform whose connection is gone (issue 30)', () => {
  it('says it will not publish there until connected again, and the rest stays queued', async () => {
    const at = '2026-12-24T18:00:01.000Z';
    const queued = post('p1', {
      status: 'approved',
      platforms: 'X,LinkedIn',
      publications: { x: { status: 'queued', link: null, reason: null, at }, linkedin: { status: 'queued', link: null, reason: null, at } },
    });
    const settings = () => ({ ...ORGANIZATION, platforms: { ...ORGANIZATION.platforms, LINKEDIN: { is_connected: false } } });
    renderPage(PostReviewPage, reviewHost(() => page([queued]), { settings }).host, PATH);
    expect(await screen.findByText(ConnectionMessages.queuedWithoutConnection('LinkedIn'))).toBeTruthy();
    expect(screen.getAllByText('Queued for publishing')).toHaveLength(1);
  });
});

describe('the focus after an action (issue 30)', () => {
  it('goes to the next card’s heading when the card leaves the list, to its own when it stays, and to the messages when none is left', async () => {
    const shown = new Set(['p1', 'p2']);
    const { host } = reviewHost((call) => {
      if (call.method === 'POST' && call.path.endsWith('/clear')) {
        shown.delete(call.path.split('/')[2]!);
        return { post: post('p1'), message: PostMessages.sentBackToReview };
      }
      if (call.method === 'POST') return { post: post('p2', { status: 'failed' }), message: PostMessages.retryQueued };
      return page([...shown].map((id) => post(id, { status: id === 'p2' ? 'failed' : 'approved', platforms: id === 'p1' ? 'X' : 'LinkedIn' })));
    });
    renderPage(PostReviewPage, host, `${PATH}`);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'all');
    await userEvent.click(await screen.findByRole('button', { name: 'Send back to review' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Post for LinkedIn' })));
    await userEvent.click(within(card('Post for LinkedIn')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(PostMessages.retryQueued)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Post for LinkedIn' })));
    shown.clear();
    shown.add('p3');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send back to review' }));
    await waitFor(() => expect(document.activeElement?.className).toBe('review-messages'));
    expect(document.activeElement!.textContent).toBe(PostMessages.sentBackToReview);
    expect(document.activeElement).not.toBe(document.body);
  });
});
