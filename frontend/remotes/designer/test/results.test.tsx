import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { originalRequestSchema, PostMessages, type GenerationView } from '@planner/contracts';
import type { Host } from '@planner/remote-contract';
import { DesignerPage } from '../src/DesignerPage.js';
import { EXAMPLES } from '../src/examples/examples.js';
import { ExamplesPage } from '../src/ExamplesPage.js';
import { ResultsPage } from '../src/ResultsPage.js';
import { designerHost, formFields, ORG_ID, previewOn, type Call } from './support.js';

afterEach(cleanup);

const DRAFT_ID = '00000000-0000-4000-8000-0000000000d7';

const generation: GenerationView = {
  id: DRAFT_ID,
  // 08:30 UTC is 10:30 in Paris in summer.
  created_at: '2099-07-01T08:30:00.000Z',
  created_by: '00000000-0000-4000-8000-0000000000a1',
  sandbox: false,
  request: originalRequestSchema.parse({ business_name: 'Acme Bakery', content_type: 'promotion', topic: 'Autumn loaves', tone: 'friendly', mood: 'excited', language: 'en-GB', platforms: ['X'], character_limit: 200 }),
  posts: { X: { post: 'Our autumn loaves are back.' } },
};

const respond = (call: Call) => {
  if (call.method === 'GET' && call.path.startsWith('/posts/generations')) return { generations: [generation], pagination: { page: 1, per_page: 10, total: 1, total_pages: 1 } };
  if (call.method === 'DELETE') return { message: PostMessages.generationDiscarded };
  return { message: PostMessages.scheduledFor('X'), posted_links: [] };
};

/** The designer's pages at `path`, as the shell routes them. */
function renderPages(host: Host, path: string) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/organization/results" element={<ResultsPage host={host} />} />
          <Route path="/examples" element={<ExamplesPage host={host} />} />
          <Route path="/organization/designer" element={<DesignerPage host={host} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/organization/results (issue 36)', () => {
  it('shows each generation’s posts, time in the organization’s zone and settings; Schedule opens them in the designer, the save keeping the generation', async () => {
    const { host, calls } = designerHost({ respond });
    renderPages(host, '/organization/results');
    const card = await screen.findByRole('listitem', { name: /Autumn loaves/ });
    expect(calls.find((call) => call.path.startsWith('/posts/generations'))!.path).toBe(`/posts/generations?organization_id=${ORG_ID}&page=1&per_page=10`);
    expect(within(card).getByRole('heading').textContent).toContain('01/Jul/2099 10:30');
    expect(within(card).getByRole('article', { name: 'Preview on X' }).textContent).toContain('Our autumn loaves are back.');
    expect(within(card).getByText('Tone').nextSibling?.textContent).toBe('friendly');
    expect(within(card).getByText('Character limit').nextSibling?.textContent).toBe('200');

    await userEvent.click(within(card).getByRole('link', { name: 'Schedule' }));
    const post = await screen.findByRole('listitem', { name: 'Post for X' });
    expect(within(post).getByText('Our autumn loaves are back.', { selector: '.draft-text' })).toBeTruthy();
    expect((await previewOn('X')).textContent).toContain('Our autumn loaves are back.');
    expect((screen.getByRole('radio', { name: 'Schedule for' }) as HTMLInputElement).checked).toBe(true);
    // The generator holds the generation's settings, closed.
    expect(screen.getByRole('button', { name: /Generator/ }).getAttribute('aria-expanded')).toBe('false');
    expect((screen.getByLabelText('Topic') as HTMLInputElement).value).toBe('Autumn loaves');

    await userEvent.click(screen.getByRole('button', { name: 'Schedule Posts' }));
    await screen.findByText(PostMessages.scheduledFor('X'));
    const sent = calls.find((call) => call.path === '/schedule_post/later')!;
    expect(formFields(sent.body)).toContainEqual(['draft_id', DRAFT_ID]);
  });

  it('Discard asks first, then removes the generation and says so', async () => {
    const { host, calls, toasts } = designerHost({ respond });
    renderPages(host, '/organization/results');
    const card = await screen.findByRole('listitem', { name: /Autumn loaves/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Discard' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Discard generation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: PostMessages.generationDiscarded, durationMs: 3000 }));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/posts/generations/${DRAFT_ID}`]);
    // The list is asked again.
    expect(calls.filter((call) => call.path.startsWith('/posts/generations?')).length).toBe(2);
  });

  it('without generations says where they come from; a test user is offered no Schedule', async () => {
    const { host } = designerHost({ respond: (call) => (call.method === 'GET' ? { generations: [], pagination: { page: 1, per_page: 10, total: 0, total_pages: 1 } } : null) });
    renderPages(host, '/organization/results');
    await screen.findByText(PostMessages.noGenerations);

    cleanup();
    renderPages(designerHost({ respond, user: { role: 'test' } }).host, '/organization/results');
    const card = await screen.findByRole('listitem', { name: /Autumn loaves/ });
    expect(within(card).queryByRole('link', { name: 'Schedule' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'Edit' })).toBeTruthy();
  });
});

describe('/examples (issue 36)', () => {
  it('shows an example per platform and post type in the previews, with drawn pictures; one opens the designer with its text, post type and settings', async () => {
    const { host } = designerHost({ respond });
    renderPages(host, '/examples');
    expect(screen.getAllByRole('listitem', { name: /post$/ })).toHaveLength(EXAMPLES.length);
    const facebook = screen.getByRole('region', { name: 'Facebook' });
    const carousel = within(facebook).getByRole('listitem', { name: 'Facebook carousel post' });
    expect(within(carousel).getAllByRole('img')).toHaveLength(2);

    const linkedin = screen.getByRole('listitem', { name: 'LinkedIn image post' });
    await userEvent.click(within(linkedin).getByRole('link', { name: 'Use this example' }));
    const post = await screen.findByRole('listitem', { name: 'Post for LinkedIn' });
    const example = EXAMPLES.find((e) => e.id === 'linkedin-image')!;
    expect((await previewOn('LinkedIn')).textContent).toContain(example.text.slice(0, 40));
    expect(post.textContent).toContain(example.text.slice(0, 40));
    expect((screen.getByRole('radio', { name: /^Image/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Topic') as HTMLInputElement).value).toBe(example.settings.topic);
    // Now: an example is not scheduled for the user.
    expect((screen.getByRole('radio', { name: 'Now' }) as HTMLInputElement).checked).toBe(true);
  });

  it('an example for a platform the organization has not connected opens without a platform, for the user to choose', async () => {
    renderPages(designerHost({ respond }).host, '/examples');
    await userEvent.click(within(screen.getByRole('listitem', { name: 'Threads text post' })).getByRole('link', { name: 'Use this example' }));
    const post = await screen.findByRole('listitem', { name: 'Post without a platform' });
    expect(within(post).getByText('Choose a platform to publish this post to.')).toBeTruthy();
  });
});
