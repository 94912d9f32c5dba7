import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PostMessages, type PlatformOutcome, type PostView } from '@planner/contracts';
import { DesignerPage } from '../src/DesignerPage.js';
import { inDoubtText } from '../src/messages.js';
import { PROGRESS_POLL_MS, progressRows } from '../src/post-form/publish-progress.js';
import { post as reviewPost } from '../../review/test/support.js';
import { apiError, designerData, designerHost, ORG_ID, renderAt, type Call } from './support.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const POST_ID = '00000000-0000-4000-8000-0000000000b1';
const AT = '2026-12-04T10:00:00.000Z';
const outcome = (status: PlatformOutcome['status'], over: Partial<PlatformOutcome> = {}): PlatformOutcome => ({ status, link: null, reason: null, at: AT, ...over });
const saved = (publications: Record<string, PlatformOutcome>, over: Partial<PostView> = {}) =>
  reviewPost(POST_ID, { organization_id: ORG_ID, status: 'approved', scheduled_time: null, platforms: 'X,LinkedIn', publications, ...over });
const X_LINK = 'https://x.example/acme/status/1';
const LINKEDIN_LINK = 'https://linkedin.example/feed/update/1';

/** The designer with X and LinkedIn connected and one post written by hand for both. */
async function postForBoth(respond: (call: Call) => unknown) {
  const test = designerHost({ data: () => designerData({ connected: ['X', 'LinkedIn'] }), respond });
  renderAt(DesignerPage, test.host);
  await userEvent.click(await screen.findByRole('button', { name: 'Write a post yourself' }));
  const card = screen.getByRole('listitem', { name: 'Post without a platform' });
  for (const name of ['X', 'LinkedIn']) await userEvent.click(within(card).getByRole('checkbox', { name }));
  await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
  await userEvent.click(screen.getByLabelText('Post text'));
  await userEvent.paste('Fresh bread');
  return test;
}

const results = () => screen.getByRole('region', { name: 'Publishing results' });
const row = (platform: string) => within(results()).getAllByRole('listitem').find((item) => item.textContent?.startsWith(` ${platform}`) || item.textContent?.startsWith(platform))!;
const reads = (calls: Call[]) => calls.filter((call) => call.method === 'GET' && call.path === `/posts/${POST_ID}`);

describe('rows of a submit (issue 30 §2)', () => {
  it('names each platform of the post; one without an outcome yet is publishing, or queued for a later post', () => {
    const post = saved({ x: outcome('published', { link: X_LINK }), linkedin: outcome('queued') });
    expect(progressRows(post, 'now').map((r) => [r.platform, r.state, r.link, r.retryable])).toEqual([
      ['x', 'published', X_LINK, false],
      ['linkedin', 'publishing', null, false],
    ]);
    expect(progressRows(saved({}), 'later').map((r) => r.state)).toEqual(['queued', 'queued']);
    expect(progressRows(saved({ x: outcome('failed', { reason: 'Duplicate' }), linkedin: outcome('in_doubt') }), 'now').map((r) => [r.state, r.reason, r.retryable])).toEqual([
      ['failed', 'Duplicate', true],
      ['in_doubt', null, true],
    ]);
  });
});

describe('publishing now: each platform’s progress and result (issue 30 §2)', () => {
  it('published everywhere: one row per platform with its link', async () => {
    await postForBoth(() => ({
      message: PostMessages.publishedTo('X, LinkedIn'),
      posted_links: [X_LINK, LINKEDIN_LINK],
      post: saved({ x: outcome('published', { link: X_LINK }), linkedin: outcome('published', { link: LINKEDIN_LINK }) }, { status: 'published' }),
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    expect(await screen.findByText(PostMessages.publishedTo('X, LinkedIn'))).toBeTruthy();
    expect(within(results()).getByRole('list').getAttribute('aria-live')).toBe('polite');
    expect(within(row('X')).getByRole('link', { name: 'View on X' }).getAttribute('href')).toBe(X_LINK);
    expect(within(row('LinkedIn')).getByRole('link', { name: 'View on LinkedIn' }).getAttribute('href')).toBe(LINKEDIN_LINK);
    expect(within(results()).queryByRole('button')).toBeNull();
  });

  it('one refused: the spec’s message stays, its row says why with Retry; Retry asks for that platform, then follows it to published', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = await postForBoth((call) => {
      if (call.path.startsWith('/schedule_post/')) {
        return Promise.reject(
          apiError(502, {
            message: 'Failed to publish: LinkedIn: The text is a duplicate of a recent post.',
            posted_links: [X_LINK],
            post: saved({ x: outcome('published', { link: X_LINK }), linkedin: outcome('failed', { reason: 'The text is a duplicate of a recent post.' }) }, { status: 'failed' }),
          }),
        );
      }
      if (call.path === `/posts/${POST_ID}/retry`) {
        return { message: PostMessages.retryQueued, post: saved({ x: outcome('published', { link: X_LINK }), linkedin: outcome('queued') }) };
      }
      if (reads([call]).length) return saved({ x: outcome('published', { link: X_LINK }), linkedin: outcome('published', { link: LINKEDIN_LINK }) }, { status: 'published' });
      return undefined;
    });
    await userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    expect(await screen.findByText('Failed to publish: LinkedIn: The text is a duplicate of a recent post.')).toBeTruthy();
    expect(within(row('X')).getByRole('link', { name: 'View on X' })).toBeTruthy();
    expect(row('LinkedIn').textContent).toContain('Failed: The text is a duplicate of a recent post.');
    // The post is saved: it leaves the form (sent again it would post twice on X); its Retry is the way.
    expect(screen.queryByRole('button', { name: 'Publish Now' })).toBeNull();
    await userEvent.click(within(row('LinkedIn')).getByRole('button', { name: 'Retry on LinkedIn' }));
    const retry = calls.find((call) => call.path === `/posts/${POST_ID}/retry`);
    expect(retry?.body).toEqual({ platforms: ['linkedin'] });
    await waitFor(() => expect(row('LinkedIn').textContent).toContain('Publishing…'));
    expect(reads(calls)).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(PROGRESS_POLL_MS));
    await waitFor(() => expect(within(row('LinkedIn')).getByRole('link', { name: 'View on LinkedIn' })).toBeTruthy());
    expect(reads(calls)).toHaveLength(1);
    // Settled: no more reads.
    await act(async () => vi.advanceTimersByTime(PROGRESS_POLL_MS * 3));
    expect(reads(calls)).toHaveLength(1);
  });

  it('a Retry the server refuses says why in its row', async () => {
    await postForBoth((call) => {
      if (call.path.startsWith('/schedule_post/')) {
        return Promise.reject(apiError(502, { message: 'Failed to publish: X: Refused', posted_links: [], post: saved({ x: outcome('failed', { reason: 'Refused' }), linkedin: outcome('published', { link: LINKEDIN_LINK }) }, { status: 'failed' }) }));
      }
      return Promise.reject(apiError(400, { message: PostMessages.retryNotFailed('X') }));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Retry on X' }));
    expect(await within(row('X')).findByRole('alert')).toHaveProperty('textContent', ` ${PostMessages.retryNotFailed('X')}`);
  });

  it('in doubt: says what it means and what the product does, with Retry', async () => {
    await postForBoth(() =>
      Promise.reject(
        apiError(502, {
          message: 'Failed to publish: LinkedIn: We could not confirm whether the post went out on LinkedIn.',
          posted_links: [X_LINK],
          post: saved({ x: outcome('published', { link: X_LINK }), linkedin: outcome('in_doubt', { reason: 'We could not confirm whether the post went out on LinkedIn.' }) }, { status: 'failed' }),
        }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    await screen.findByRole('region', { name: 'Publishing results' });
    expect(row('LinkedIn').textContent).toContain(inDoubtText('LinkedIn'));
    expect(within(row('LinkedIn')).getByRole('button', { name: 'Retry on LinkedIn' })).toBeTruthy();
    expect(within(row('X')).queryByRole('button')).toBeNull();
  });

  it('in doubt, found on the account: "It is on LinkedIn" records it published with the link given, and the row says so at once', async () => {
    const PUBLICATION_ID = '00000000-0000-4000-8000-0000000000c1';
    const inDoubt = { id: PUBLICATION_ID, post_id: POST_ID, platform: 'linkedin', state: 'in_doubt', link: null, published_at: null };
    const { calls } = await postForBoth((call) => {
      if (call.path === `/publications?post_id=${POST_ID}`) return { publications: [{ ...inDoubt, platform: 'x', state: 'published', id: 'other' }, inDoubt] };
      if (call.path === `/publications/${PUBLICATION_ID}/confirm`) return { publication: { ...inDoubt, state: 'published', link: LINKEDIN_LINK, published_at: AT } };
      return Promise.reject(
        apiError(502, {
          message: 'Failed to publish: LinkedIn: We could not confirm whether the post went out on LinkedIn.',
          posted_links: [X_LINK],
          post: saved({ x: outcome('published', { link: X_LINK }), linkedin: outcome('in_doubt') }, { status: 'failed' }),
        }),
      );
    });
    await userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    await screen.findByRole('region', { name: 'Publishing results' });
    await userEvent.click(within(row('LinkedIn')).getByRole('button', { name: 'It is on LinkedIn' }));
    await userEvent.type(within(row('LinkedIn')).getByLabelText('Link to the post on LinkedIn (optional)'), LINKEDIN_LINK);
    await userEvent.click(within(row('LinkedIn')).getByRole('button', { name: 'Mark as published' }));
    await waitFor(() => expect(within(row('LinkedIn')).getByRole('link', { name: 'View on LinkedIn' }).getAttribute('href')).toBe(LINKEDIN_LINK));
    expect(calls.find((call) => call.path.endsWith('/confirm'))?.body).toEqual({ link: LINKEDIN_LINK });
    expect(within(row('LinkedIn')).queryByRole('button', { name: 'Retry on LinkedIn' })).toBeNull();
  });

  it('still publishing past the wait (202): reads the post every couple of seconds until every platform is settled, and stops when the page goes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stillQueued = saved({ x: outcome('published', { link: X_LINK }), linkedin: outcome('queued') });
    const answers = [stillQueued, saved({ x: outcome('published', { link: X_LINK }), linkedin: outcome('published', { link: LINKEDIN_LINK }) }, { status: 'published' })];
    const { calls } = await postForBoth((call) => {
      if (call.path.startsWith('/schedule_post/')) return { message: PostMessages.publishContinues('X, LinkedIn'), posted_links: [], post: saved({ x: outcome('queued'), linkedin: outcome('queued') }) };
      return answers.shift();
    });
    await userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    expect(await screen.findByText(PostMessages.publishContinues('X, LinkedIn'))).toBeTruthy();
    expect(row('X').textContent).toContain('Publishing…');
    expect(row('LinkedIn').textContent).toContain('Publishing…');
    await act(async () => vi.advanceTimersByTime(PROGRESS_POLL_MS));
    await waitFor(() => expect(within(row('X')).getByRole('link', { name: 'View on X' })).toBeTruthy());
    expect(row('LinkedIn').textContent).toContain('Publishing…');
    await act(async () => vi.advanceTimersByTime(PROGRESS_POLL_MS));
    await waitFor(() => expect(within(row('LinkedIn')).getByRole('link', { name: 'View on LinkedIn' })).toBeTruthy());
    expect(reads(calls)).toHaveLength(2);
    await act(async () => vi.advanceTimersByTime(PROGRESS_POLL_MS * 3));
    expect(reads(calls)).toHaveLength(2);
  });

  it('stops reading when the page is left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const queued = saved({ x: outcome('queued'), linkedin: outcome('queued') });
    const { calls } = await postForBoth((call) => (call.path.startsWith('/schedule_post/') ? { message: PostMessages.publishContinues('X, LinkedIn'), posted_links: [], post: queued } : queued));
    await userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    await screen.findByRole('region', { name: 'Publishing results' });
    await act(async () => vi.advanceTimersByTime(PROGRESS_POLL_MS));
    await waitFor(() => expect(reads(calls)).toHaveLength(1));
    cleanup();
    await act(async () => vi.advanceTimersByTime(PROGRESS_POLL_MS * 3));
    expect(reads(calls)).toHaveLength(1);
  });

  it('a platform refusing one post does not stop the next posts of the submit', async () => {
    const test = designerHost({
      data: () => designerData({ connected: ['X', 'LinkedIn'] }),
      respond: (call) => {
        if (call.path === '/posts/generate') {
          const platform = (call.body as { platforms: string[] }).platforms[0]!;
          return { posts: { [platform]: { post: `For ${platform}.` } }, draft_id: null, sandbox: true, message: 'Content generated successfully!' };
        }
        const platforms = [...(call.body as FormData).entries()].find(([name]) => name === 'platforms')![1];
        if (platforms === 'X') return Promise.reject(apiError(502, { message: 'Failed to publish: X: Refused', posted_links: [], post: saved({ x: outcome('failed', { reason: 'Refused' }) }, { platforms: 'X', status: 'failed' }) }));
        return { message: PostMessages.publishedTo('LinkedIn'), posted_links: [LINKEDIN_LINK], post: saved({ linkedin: outcome('published', { link: LINKEDIN_LINK }) }, { id: POST_ID.replace('b1', 'b2'), platforms: 'LinkedIn', status: 'published' }) };
      },
    });
    renderAt(DesignerPage, test.host);
    await screen.findByRole('form', { name: 'Generator' });
    for (const name of ['X', 'LinkedIn']) await userEvent.click(screen.getByRole('checkbox', { name }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', `Failed to publish: X: Refused ${PostMessages.publishedTo('LinkedIn')}${LINKEDIN_LINK}`);
    expect(row('X').textContent).toContain('Failed: Refused');
    expect(within(row('LinkedIn')).getByRole('link', { name: 'View on LinkedIn' })).toBeTruthy();
  });
});

describe('scheduling for later (issue 30 §2)', () => {
  it('each platform’s row says it is queued for the post’s time, in the organization’s time zone', async () => {
    const year = new Date().getFullYear() + 1;
    const { calls } = await postForBoth(() => ({ message: PostMessages.scheduledFor('X, LinkedIn'), posted_links: [], post: saved({ x: outcome('queued'), linkedin: outcome('queued') }, { scheduled_time: `${year}-02-28T13:30:00.000Z` }) }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('radio', { name: 'Schedule for' }));
    await userEvent.selectOptions(screen.getByLabelText('Year'), String(year));
    await userEvent.click(screen.getByRole('button', { name: 'Schedule Posts' }));
    await screen.findByRole('region', { name: 'Publishing results' });
    // Europe/Paris is UTC+1 in February.
    expect(row('X').textContent).toContain(`Queued for 28/Feb/${year} 14:30`);
    expect(row('LinkedIn').textContent).toContain(`Queued for 28/Feb/${year} 14:30`);
    await act(async () => vi.advanceTimersByTime(PROGRESS_POLL_MS * 2));
    expect(calls.filter((call) => call.method === 'GET' && call.path.startsWith('/posts/'))).toHaveLength(0);
  });
});
