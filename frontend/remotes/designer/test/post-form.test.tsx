import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_TYPE_SPECS, PostMessages, type PublicUser } from '@planner/contracts';
import { DesignerPage } from '../src/DesignerPage.js';
import { SANDBOX_WRITTEN } from '../src/messages.js';
import { apiError, deferred, designerData, designerHost, formFields, generated, ORG_ID, previewOn, renderAt, type Call } from './support.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const MB = 1024 * 1024;
const IMAGE_URL = `/api/media/${ORG_ID}/11111111-1111-4111-8111-111111111111.jpg`;
const file = (name: string, type: string, size = 2000) => new File([new Uint8Array(size)], name, { type });
const card = (name: string) => screen.getByRole('listitem', { name });
const submitCalls = (calls: Call[]) => calls.filter((call) => call.path.startsWith('/schedule_post/'));
const alertText = () => screen.getAllByRole('alert').map((alert) => alert.textContent);

/** The designer with `connected` platforms and one post written by hand for them (its text typed). */
async function handWritten(options: { connected?: string[]; text?: string; respond?: (call: Call) => unknown; user?: Partial<PublicUser> } = {}) {
  const test = designerHost({ data: () => designerData({ connected: options.connected ?? ['X'] }), respond: options.respond, user: options.user });
  renderAt(DesignerPage, test.host);
  await userEvent.click(await screen.findByRole('button', { name: 'Write a post yourself' }));
  if (options.text) {
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByLabelText('Post text'));
    await userEvent.paste(options.text);
  }
  return test;
}

/** The designer after generating one post for X with the sandbox's text. */
async function generatedForX(respond: (call: Call) => unknown) {
  const test = designerHost({ data: () => designerData({ connected: ['X'] }), respond });
  renderAt(DesignerPage, test.host);
  await screen.findByRole('form', { name: 'Generator' });
  await userEvent.click(within(screen.getByRole('form', { name: 'Generator' })).getByRole('button', { name: 'Generate' }));
  await screen.findByRole('article', { name: 'Preview on X' });
  return test;
}

describe('previews and length counters', () => {
  it('shows the post as each platform shows it, with the account, and a live counter against each platform’s limit', async () => {
    await handWritten({ connected: ['X', 'LinkedIn', 'Instagram'] });
    const post = card('Post without a platform');
    for (const name of ['X', 'LinkedIn']) await userEvent.click(within(post).getByRole('checkbox', { name }));
    // One tab per platform, in the post's order; arrow keys move between them.
    expect(within(screen.getByRole('tablist', { name: 'Preview on' })).getAllByRole('tab').map((tab) => tab.textContent?.trim())).toEqual(['X', 'LinkedIn']);
    expect(within(await previewOn('X')).getByText('@acme_x · now')).toBeTruthy();
    screen.getByRole('tab', { name: 'X' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'LinkedIn', selected: true }));
    expect(screen.queryByRole('article', { name: 'Preview on X' })).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Preview on LinkedIn' })).getByText('acme_linkedin')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const text = screen.getByLabelText('Post text');
    await userEvent.click(text);
    await userEvent.paste('Fresh #bread at https://example.com/a/very/long/path/for/the/loaves');
    // The counters are the editor's, one per platform of the post.
    const edited = card('Post for X, LinkedIn');
    await waitFor(() => expect(within(edited).getByText(/\/ 280/).textContent).toBe('X length: 39 / 280'));
    expect(within(edited).getByText(/\/ 3000/).textContent).toBe('LinkedIn length: 67 / 3000');
    expect(within(await previewOn('X')).getByText('#bread').className).toBe('preview-token');
    await userEvent.click(text);
    await userEvent.paste(' ' + 'a'.repeat(243));
    expect(within(edited).getByText(/\/ 280/).textContent).toBe('X length: 283 / 280 · over the limit');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByLabelText('Post text')).toBeNull();
    expect(within(edited).getByText(/Fresh/, { selector: '.draft-text' })).toBeTruthy();
    expect(within(await previewOn('X')).getByText(/Fresh/, { selector: '.preview-text' })).toBeTruthy();
  });
});

describe('magic edit and regenerate (part 2 §5, §8)', () => {
  it('magic edit needs a prompt, replaces the text, and says when it fails', async () => {
    let fail = false;
    const { calls, toasts } = await generatedForX((call) => {
      if (call.path === '/posts/generate') return generated('X', 'Fresh bread today.');
      if (fail) throw apiError(500, null);
      return { optimized_post: 'Fresh bread today! 🍞', sandbox: true, message: PostMessages.contentUpdated };
    });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(alertText()).toContain(PostMessages.editPromptRequired);
    await userEvent.type(screen.getByLabelText('Magic edit'), 'Add an emoji');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Fresh bread today! 🍞', { selector: '.draft-text' })).toBeTruthy();
    expect(calls.find((call) => call.path === '/posts/optimize')?.body).toEqual({ organization_id: ORG_ID, post: 'Fresh bread today.', prompt: 'Add an emoji', platforms: ['X'] });
    expect(toasts.map((t) => t.message)).toContain(PostMessages.contentUpdated);
    fail = true;
    await userEvent.type(screen.getByLabelText('Magic edit'), 'Again');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(PostMessages.magicEditFailed)).toBeTruthy();
  });

  it('regenerate asks again with the original request; a post written by hand offers neither it nor magic edit', async () => {
    let answers = 0;
    const { toasts } = await generatedForX(() => {
      answers += 1;
      if (answers === 3) throw apiError(502, null);
      return generated('X', answers === 1 ? 'First.' : 'Second.');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('Second.', { selector: '.draft-text' })).toBeTruthy();
    expect(toasts.map((t) => t.message)).toContain(PostMessages.contentRegenerated);
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText(PostMessages.regenerateFailed)).toBeTruthy();
    cleanup();
    // Issue 30: a post the user wrote has no generation to regenerate or rework.
    await handWritten({ text: 'Mine' });
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    expect(screen.queryByLabelText('Magic edit')).toBeNull();
  });

  it('labels a text the sandbox generator wrote, until a model writes it again (issue 30)', async () => {
    let sandbox = true;
    await generatedForX((call) => (call.path === '/posts/generate' ? { ...generated('X', sandbox ? 'Sandbox bread.' : 'Model bread.'), sandbox } : null));
    expect(within(card('Post for X')).getByText(SANDBOX_WRITTEN)).toBeTruthy();
    sandbox = false;
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await screen.findByText('Model bread.', { selector: '.draft-text' });
    expect(screen.queryByText(SANDBOX_WRITTEN)).toBeNull();
  });

  it('are not offered to basic and test users', async () => {
    for (const role of ['basic', 'test'] as const) {
      await handWritten({ user: { role } });
      expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
      expect(screen.queryByLabelText('Magic edit')).toBeNull();
      cleanup();
    }
  });
});

describe('media (part 2 §5)', () => {
  it('shows each type with its specs; a type some chosen platform lacks is disabled; text is the default where all take it', async () => {
    await handWritten({ connected: ['X', 'Instagram'] });
    const post = card('Post without a platform');
    await userEvent.click(within(post).getByRole('checkbox', { name: 'X' }));
    expect((screen.getByRole('radio', { name: /^Text/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(MEDIA_TYPE_SPECS.short.specs.join(' · '))).toBeTruthy();
    expect(screen.getByText(MEDIA_TYPE_SPECS.story.specs.join(' · '))).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^Story/ }) as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(within(post).getByRole('checkbox', { name: 'Instagram' }));
    // X and Instagram share no text: the first common type.
    await waitFor(() => expect((screen.getByRole('radio', { name: /^Image/ }) as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('radio', { name: /^Text/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('refuses a wrong type, a file over its size and a second short as they are chosen; shows the rest in 3 columns; leaving carousel clears them', async () => {
    await handWritten({ connected: ['Facebook'] });
    await userEvent.click(screen.getByRole('radio', { name: /^Image/ }));
    const upload = () => screen.getByLabelText(/^Upload/) as HTMLInputElement;
    await userEvent.upload(upload(), file('clip.mp4', 'video/mp4'), { applyAccept: false });
    expect(alertText()).toContain(PostMessages.invalidMediaType);
    await userEvent.upload(upload(), file('huge.png', 'image/png', 10 * MB + 1));
    expect(alertText()).toContain(PostMessages.fileTooLarge('Image', '10 MB'));
    await userEvent.click(screen.getByRole('radio', { name: /^Short/ }));
    await userEvent.upload(upload(), file('reel.mp4', 'video/mp4'));
    await userEvent.upload(upload(), file('reel2.mp4', 'video/mp4'));
    expect(alertText()).toContain(PostMessages.shortSingleFile);
    await userEvent.click(screen.getByRole('radio', { name: /^Carousel/ }));
    await userEvent.upload(upload(), [file('a.png', 'image/png'), file('b.jpg', 'image/jpeg')]);
    const grid = screen.getByRole('list', { name: 'Chosen media' });
    expect(grid.className).toBe('media-grid');
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(within(grid).getByRole('button', { name: 'Remove reel.mp4' }));
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('radio', { name: /^Image/ }));
    expect(screen.queryByRole('list', { name: 'Chosen media' })).toBeNull();
  });

  it('draws an AI image (a story needs a prompt), says Coming Soon for videos, and says when it fails', async () => {
    let fail = false;
    const { calls } = await handWritten({
      connected: ['Facebook'],
      text: 'Autumn loaves',
      respond: (call) => {
        if (call.method === 'GET') return new Blob(['jpeg bytes'], { type: 'image/jpeg' });
        if (fail) throw apiError(500, null);
        return { media_url: IMAGE_URL, media: { id: '1', url: IMAGE_URL, file: 'x.jpg', type: 'image/jpeg', source: 'generated' }, sandbox: true, message: PostMessages.mediaGenerated };
      },
    });
    await userEvent.click(screen.getByRole('radio', { name: /^Image/ }));
    await userEvent.click(within(card('Post for Facebook')).getByRole('checkbox', { name: 'Facebook' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate image' }));
    expect(alertText()).toContain(PostMessages.mediaGenerationNeedsPlatformAndType);
    await userEvent.click(within(card('Post without a platform')).getByRole('checkbox', { name: 'Facebook' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate image' }));
    expect(await screen.findByText(PostMessages.mediaGenerated)).toBeTruthy();
    expect(calls.find((call) => call.path === '/generate_media')?.body).toEqual({ organization_id: ORG_ID, content: 'Autumn loaves', custom_prompt: '', media_type: 'image', platform: 'Facebook' });
    expect(within(screen.getByRole('list', { name: 'Chosen media' })).getByText(/AI/)).toBeTruthy();
    // Stored media is fetched through the host's client, with the login.
    await waitFor(() => expect(calls.some((call) => call.method === 'GET' && call.path === `/media/${ORG_ID}/11111111-1111-4111-8111-111111111111.jpg`)).toBe(true));
    await userEvent.click(screen.getByRole('radio', { name: /^Story/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate image' }));
    expect(alertText()).toContain(PostMessages.storyPromptRequired);
    fail = true;
    await userEvent.type(screen.getByLabelText(/Custom prompt/), 'A loaf, vertical');
    await userEvent.click(screen.getByRole('button', { name: 'Generate image' }));
    expect(await screen.findByText(PostMessages.mediaGenerationFailed)).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /^Video/ }));
    expect(screen.getByText(PostMessages.comingSoon)).toBeTruthy();
  });

  it('AI images: an upgrade prompt for basic, nothing for test', async () => {
    await handWritten({ connected: ['Facebook'], user: { role: 'basic' } });
    await userEvent.click(screen.getByRole('radio', { name: /^Image/ }));
    expect(screen.getByText(new RegExp(PostMessages.upgradeForMedia))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate image' })).toBeNull();
    cleanup();
    await handWritten({ connected: ['Facebook'], user: { role: 'test' } });
    await userEvent.click(screen.getByRole('radio', { name: /^Image/ }));
    expect(screen.queryByRole('heading', { name: 'AI image' })).toBeNull();
  });
});

describe('submit: rules, states and messages (part 2 §4, §5, §8)', () => {
  it('refuses a post without platform, without text, without media for its type, a carousel of one, and a text over a platform’s limit', async () => {
    const { calls } = await handWritten({ connected: ['X', 'Facebook'] });
    const submit = () => userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    await submit();
    expect(alertText()).toContain(PostMessages.selectPlatform);
    await userEvent.click(within(card('Post without a platform')).getByRole('checkbox', { name: 'X' }));
    await submit();
    expect(alertText()).toContain(PostMessages.addText);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByLabelText('Post text'));
    await userEvent.paste('a'.repeat(281));
    await submit();
    expect(alertText()).toContain('X takes at most 280 characters: this post has 281.');
    await userEvent.click(screen.getByRole('radio', { name: /^Image/ }));
    await submit();
    expect(alertText()).toContain(PostMessages.addMedia('image'));
    await userEvent.click(screen.getByRole('radio', { name: /^Carousel/ }));
    await userEvent.upload(screen.getByLabelText(/^Upload/), file('a.png', 'image/png'));
    await submit();
    expect(alertText()).toContain(PostMessages.carouselMinimum);
    // Issue 30: the message goes with the media it was about.
    await userEvent.click(screen.getByRole('radio', { name: /^Image/ }));
    expect(screen.queryByText(PostMessages.carouselMinimum)).toBeNull();
    expect(submitCalls(calls)).toHaveLength(0);
  });

  it('schedules for later in the organization’s time zone: a past time is refused; the form names it DD/Mon/YYYY HH:mm and sends YYYY-MM-DDTHH:mm', async () => {
    const answer = deferred<unknown>();
    // The first submit's answer comes when the test says; the next one's never.
    const answers = [answer.promise];
    const { calls } = await handWritten({ text: 'Fresh bread', respond: () => answers.shift() ?? new Promise(() => undefined) });
    // The one available platform is chosen (part 2 §2).
    expect((within(card('Post for X')).getByRole('checkbox', { name: 'X' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Schedule for' }));
    expect(screen.getByRole('group', { name: 'Publish on (time zone Europe/Paris)' })).toBeTruthy();
    const year = new Date().getFullYear();
    await userEvent.selectOptions(screen.getByLabelText('Year'), String(year));
    await userEvent.selectOptions(screen.getByLabelText('Month'), 'Jan');
    await userEvent.selectOptions(screen.getByLabelText('Day'), '01');
    await userEvent.selectOptions(screen.getByLabelText('Hour'), '00');
    await userEvent.selectOptions(screen.getByLabelText('Minute'), '05');
    expect(screen.getByText(`01/Jan/${year} 00:05`)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Schedule Posts' }));
    expect(alertText()).toContain(PostMessages.scheduledTimeInPast);
    // Said once, under the picker (issue 30: it was also the form's message).
    expect(screen.getAllByText(PostMessages.scheduledTimeInPast)).toHaveLength(1);
    await userEvent.selectOptions(screen.getByLabelText('Year'), String(year + 2));
    await userEvent.selectOptions(screen.getByLabelText('Month'), 'Feb');
    await userEvent.selectOptions(screen.getByLabelText('Day'), '28');
    await userEvent.selectOptions(screen.getByLabelText('Hour'), '14');
    await userEvent.selectOptions(screen.getByLabelText('Minute'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule Posts' }));
    expect(await screen.findByRole('button', { name: 'Scheduling...' })).toBeTruthy();
    const [sent] = submitCalls(calls);
    expect(sent!.path).toBe('/schedule_post/later');
    expect(formFields(sent!.body)).toEqual([
      ['organization_id', ORG_ID],
      ['platforms', 'X'],
      ['content', 'Fresh bread'],
      ['media_type', 'text'],
      ['scheduled_time', `${year + 2}-02-28T14:30`],
    ]);
    answer.resolve({ message: PostMessages.scheduledFor('X'), posted_links: [] });
    expect(await screen.findByText(PostMessages.scheduledFor('X'))).toBeTruthy();
    // The form resets (part 2 §4); the next submit drops this notice.
    await userEvent.click(screen.getByRole('button', { name: 'Write a post yourself' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByLabelText('Post text'), 'More');
    await userEvent.click(screen.getByRole('radio', { name: 'Now' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    await waitFor(() => expect(screen.queryByText(PostMessages.scheduledFor('X'))).toBeNull());
  });

  it('Schedule-for is disabled with its message for basic and hidden for test', async () => {
    await handWritten({ user: { role: 'basic' } });
    expect((screen.getByRole('radio', { name: 'Schedule for' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(new RegExp(PostMessages.upgradeToSchedule))).toBeTruthy();
    cleanup();
    await handWritten({ user: { role: 'test' } });
    expect(screen.queryByRole('radio', { name: 'Schedule for' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Now' })).toBeTruthy();
  });

  it('publishes now with the upload’s progress, then shows the message and the posted links', async () => {
    const answer = deferred<unknown>();
    const { calls } = await handWritten({ connected: ['Facebook'], text: 'Look at this loaf', respond: () => answer.promise });
    await userEvent.click(screen.getByRole('radio', { name: /^Image/ }));
    await userEvent.upload(screen.getByLabelText(/^Upload/), file('loaf.png', 'image/png'));
    await userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    expect(await screen.findByRole('button', { name: 'Publishing...' })).toBeTruthy();
    const [sent] = submitCalls(calls);
    expect(sent!.path).toBe('/schedule_post/now');
    expect(formFields(sent!.body).at(-1)).toEqual(['media', 'loaf.png']);
    sent!.options.onUploadProgress!({ loaded: 500, total: 1000 });
    expect(await screen.findByText('Uploading media: 50%')).toBeTruthy();
    answer.resolve({ message: PostMessages.publishedTo('Facebook'), posted_links: ['https://facebook.example/posts/1'] });
    expect(await screen.findByText(PostMessages.publishedTo('Facebook'))).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Posted links' })).getByRole('link').getAttribute('href')).toBe('https://facebook.example/posts/1');
  });

  it('keeps the success notice 30 s (part 2 §8)', async () => {
    await handWritten({ text: 'Fresh bread', respond: () => ({ message: PostMessages.publishedTo('X'), posted_links: [] }) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    expect(await screen.findByText(PostMessages.publishedTo('X'))).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(29_900));
    expect(screen.queryByText(PostMessages.publishedTo('X'))).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByText(PostMessages.publishedTo('X'))).toBeNull();
  });

  it('sends one post per platform’s text; files go up with the first, the others name what it stored', async () => {
    const test = designerHost({
      respond: (call) => {
        if (call.path === '/posts/generate') {
          const platform = (call.body as { platforms: string[] }).platforms[0]!;
          return generated(platform, `For ${platform}.`, platform === 'X' ? '00000000-0000-4000-8000-0000000000d1' : '00000000-0000-4000-8000-0000000000d2');
        }
        return { message: 'ok', posted_links: [], post: { media_paths: `${ORG_ID}/stored.png` } };
      },
    });
    renderAt(DesignerPage, test.host);
    await screen.findByRole('form', { name: 'Generator' });
    for (const name of ['X', 'LinkedIn']) await userEvent.click(screen.getByRole('checkbox', { name }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.getAllByRole('tab').map((tab) => tab.textContent?.trim())).toEqual(['X', 'LinkedIn']));
    await userEvent.click(screen.getByRole('radio', { name: /^Image/ }));
    await userEvent.upload(screen.getByLabelText(/^Upload/), file('loaf.png', 'image/png'));
    await userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    await waitFor(() => expect(submitCalls(test.calls)).toHaveLength(2));
    const [first, second] = submitCalls(test.calls).map((call) => formFields(call.body));
    expect(first).toEqual([
      ['organization_id', ORG_ID],
      ['platforms', 'X'],
      ['content', 'For X.'],
      ['media_type', 'image'],
      ['draft_id', '00000000-0000-4000-8000-0000000000d1'],
      ['media', 'loaf.png'],
    ]);
    expect(second).toEqual([
      ['organization_id', ORG_ID],
      ['platforms', 'LinkedIn'],
      ['content', 'For LinkedIn.'],
      ['media_type', 'image'],
      ['draft_id', '00000000-0000-4000-8000-0000000000d2'],
      ['media_urls', `${ORG_ID}/stored.png`],
    ]);
  });

  it.each([
    ['a refusal, as the server words it, with the links that did go out', () => Promise.reject(apiError(502, { message: 'Failed to publish: X: duplicate', posted_links: ['https://x.example/1'] })), 'Failed to publish: X: duplicate'],
    ['a server error without words', () => Promise.reject(apiError(500, null)), PostMessages.publishFailed],
    ['an answer of another shape', () => Promise.resolve({ ok: true }), PostMessages.publishInvalidResponse],
    ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch')), PostMessages.schedulingError],
  ])('publish now: %s', async (_, answer, message) => {
    await handWritten({ text: 'Bread', respond: answer });
    await userEvent.click(screen.getByRole('button', { name: 'Publish Now' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish Now' })).toBeTruthy();
    if (message.startsWith('Failed to publish:')) expect(screen.getByRole('link', { name: 'https://x.example/1' })).toBeTruthy();
  });
});
