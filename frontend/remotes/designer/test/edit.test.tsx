import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PostMessages, type PostView } from '@planner/contracts';
import { DesignerPage } from '../src/DesignerPage.js';
import { apiError, designerHost, formFields, ORG_ID, renderAt, type Call } from './support.js';

afterEach(cleanup);

const POST_ID = '00000000-0000-4000-8000-0000000000b1';
const MEDIA_KEY = `${ORG_ID}/22222222-2222-4222-8222-222222222222.jpg`;

function post(over: Partial<PostView> = {}): PostView {
  return {
    id: POST_ID,
    organization_id: ORG_ID,
    status: 'pending_review',
    // 10:00 UTC is 12:00 in Paris in summer.
    scheduled_time: '2099-07-01T10:00:00.000Z',
    platforms: 'X, LinkedIn',
    media_type: 'image',
    media_paths: MEDIA_KEY,
    content: 'Our autumn loaves are back.',
    review_notes: null,
    auto_schedule_id: null,
    version: 3,
    publications: {},
    posted_links: [],
    original_request: {
      business_name: 'Acme Bakery', business_data: 'Sourdough', content_type: 'news', topic: 'Autumn', context: '', time_of_year: 'autumn', event_details: '',
      tone: 'friendly', mood: 'positive', language: 'en-US', character_limit: null, target_character_count: null, platform: '', platforms: ['X', 'LinkedIn'],
      schedule_option: 'later', content: '', media_type: 'image', media_paths: '', scheduled_time: null, auto_schedule_id: null,
    },
    missed_slot: null,
    platform_options: {},
    created_at: '2099-06-01T10:00:00.000Z',
    updated_at: '2099-06-01T10:00:00.000Z',
    ...over,
  };
}

const respond = (call: Call) => {
  if (call.method === 'GET') return new Blob(['jpeg'], { type: 'image/jpeg' });
  if (call.path === `/posts/${POST_ID}/regenerate`) return { post: post({ content: 'Regenerated text.' }), message: PostMessages.contentRegenerated, sandbox: true };
  return { message: call.path.endsWith('later') ? PostMessages.scheduledFor('X, LinkedIn') : PostMessages.publishedTo('X, LinkedIn'), posted_links: ['https://x.example/1', 'https://linkedin.example/2'] };
};

describe('edit mode (part 2 §2, §4)', () => {
  it('is titled Edit Post, holds the post (text, platforms, media, time in the organization’s zone) and its original request, and Save Changes goes back', async () => {
    const { host, calls, toasts } = designerHost({ respond });
    renderAt(DesignerPage, host, '/organization/designer', { editingPost: post(), returnToRoute: '/organization/posts' });
    const postCard = await screen.findByRole('listitem', { name: 'Post for X, LinkedIn' });
    expect(screen.getByRole('heading', { name: 'Edit Post' })).toBeTruthy();
    expect(within(postCard).getByText('Our autumn loaves are back.', { selector: '.draft-text' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Preview on X' }).textContent).toContain('Our autumn loaves are back.');
    expect((screen.getByRole('radio', { name: /^Image/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(screen.getByRole('list', { name: 'Chosen media' })).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => expect(calls.some((call) => call.path === `/media/${MEDIA_KEY}`)).toBe(true));
    expect((screen.getByRole('radio', { name: 'Schedule for' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('01/Jul/2099 12:00')).toBeTruthy();
    // The generator, closed, holds the post's original request.
    expect(screen.getByRole('button', { name: /Generator/ }).getAttribute('aria-expanded')).toBe('false');
    expect((screen.getByLabelText('Topic') as HTMLInputElement).value).toBe('Autumn');
    expect(screen.queryByRole('link', { name: 'Back to Generator' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/organization/posts'));
    const sent = calls.find((call) => call.path === '/schedule_post/later')!;
    expect(formFields(sent.body)).toEqual([
      ['organization_id', ORG_ID],
      ['platforms', 'X,LinkedIn'],
      ['content', 'Our autumn loaves are back.'],
      ['media_type', 'image'],
      ['post_id', POST_ID],
      ['scheduled_time', '2099-07-01T12:00'],
      ['media_urls', `/api/media/${MEDIA_KEY}`],
    ]);
    expect(toasts).toContainEqual({ kind: 'success', message: PostMessages.postUpdated, durationMs: 5000 });
  });

  it('says before saving that saving approves a post pending review, and goes back with the opener’s state', async () => {
    const { host } = designerHost({ respond });
    renderAt(DesignerPage, host, '/organization/designer', { editingPost: post(), returnToRoute: '/organization/posts', returnState: { highlightPostId: POST_ID } });
    const save = await screen.findByRole('button', { name: 'Save Changes' });
    const effect = document.getElementById(save.getAttribute('aria-describedby')!)!;
    expect(effect.textContent).toBe('This post is pending review. Saving your changes approves it: it leaves review and is published at the time chosen.');
    await userEvent.click(screen.getByRole('radio', { name: 'Now' }));
    expect(effect.textContent).toBe('This post is pending review. Publishing your changes approves it: it leaves review and is published now.');
    await userEvent.click(screen.getByRole('radio', { name: 'Schedule for' }));
    await userEvent.click(save);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/organization/posts'));
    expect(JSON.parse(screen.getByTestId('location-state').textContent!)).toEqual({ highlightPostId: POST_ID });
  });

  it('says an approved post stays approved', async () => {
    renderAt(DesignerPage, designerHost({ respond }).host, '/organization/designer', { editingPost: post({ status: 'approved' }), returnToRoute: '/organization/posts' });
    const save = await screen.findByRole('button', { name: 'Save Changes' });
    expect(document.getElementById(save.getAttribute('aria-describedby')!)!.textContent).toBe('This post is approved. Saving your changes keeps it approved: it is published at the time chosen.');
  });

  it('a publish-now edit shows Published and the posted links, then goes back after 1 s', async () => {
    const { host } = designerHost({ respond });
    renderAt(DesignerPage, host, '/organization/designer', { editingPost: post({ scheduled_time: null }), returnToRoute: '/organization/posts' });
    await userEvent.click(await screen.findByRole('button', { name: 'Publish Now' }));
    expect(await screen.findByRole('button', { name: 'Published' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://linkedin.example/2' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/organization/designer');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/organization/posts'), { timeout: 2000 });
  });

  it('a publish-now edit a platform refused says so and goes back at once, where the post shows each platform’s outcome with Retry', async () => {
    const message = 'Failed to publish: LinkedIn: The text is a duplicate of a recent post.';
    const refused = post({ scheduled_time: null, status: 'failed', publications: { x: { status: 'published', link: 'https://x.example/1', reason: null, at: '2099-06-01T10:00:00.000Z' } } });
    const { host, toasts } = designerHost({ respond: (call) => (call.method === 'GET' ? respond(call) : Promise.reject(apiError(502, { message, posted_links: ['https://x.example/1'], post: refused }))) });
    renderAt(DesignerPage, host, '/organization/designer', { editingPost: post({ scheduled_time: null }), returnToRoute: '/organization/posts' });
    await userEvent.click(await screen.findByRole('button', { name: 'Publish Now' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/organization/posts'));
    expect(toasts).toEqual([expect.objectContaining({ kind: 'error', message })]);
  });

  it('Regenerate rewrites the post through the posts service; a post without an original request offers neither it nor magic edit', async () => {
    const { host, calls } = designerHost({ respond });
    renderAt(DesignerPage, host, '/organization/designer', { editingPost: post(), returnToRoute: '/organization/posts' });
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    expect((await screen.findAllByText('Regenerated text.')).length).toBeGreaterThan(0);
    expect(calls.find((call) => call.path === `/posts/${POST_ID}/regenerate`)?.body).toEqual({ regenerate_media: false });
    cleanup();
    renderAt(DesignerPage, designerHost({ respond }).host, '/organization/designer', { editingPost: post({ original_request: null }), returnToRoute: '/organization/posts' });
    await screen.findByRole('listitem', { name: 'Post for X, LinkedIn' });
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    expect(screen.queryByLabelText('Magic edit')).toBeNull();
  });
});
