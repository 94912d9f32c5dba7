import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrganizationMessages, PostMessages } from '@planner/contracts';
import { DesignerPage, GeneratorPage } from '../src/DesignerPage.js';
import { INACTIVE, VIEW_ONLY } from '../src/messages.js';
import { apiError, deferred, designerData, designerHost, generated, ORG_ID, renderAt, template, type Call } from './support.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const generator = () => screen.getByRole('form', { name: 'Generator' });
const generate = () => userEvent.click(within(generator()).getByRole('button', { name: 'Generate' }));
/** A control a disabled fieldset disables (as browsers do; happy-dom does not apply it to the control itself). */
const disabledByFieldset = (control: HTMLElement) => (control.closest('fieldset') as HTMLFieldSetElement | null)?.disabled === true;
const generateCalls = (calls: Call[]) => calls.filter((call) => call.path === '/posts/generate');

describe('content designer: role gates (part 2 §2, §6)', () => {
  it('basic users get an upgrade prompt to /plan-selection instead of the generator, and may write a post themselves', async () => {
    renderAt(DesignerPage, designerHost({ user: { role: 'basic' } }).host);
    expect(await screen.findByRole('button', { name: /Generator/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Content Designer' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Generator' })).toBeNull();
    expect(screen.getByText(new RegExp(PostMessages.generationNotInPlan))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/plan-selection');
    expect(screen.getByRole('button', { name: 'Write a post yourself' })).toBeTruthy();
  });

  it('test users see the generator view-only, with its message', async () => {
    renderAt(DesignerPage, designerHost({ user: { role: 'test' } }).host);
    expect(await screen.findByText(VIEW_ONLY)).toBeTruthy();
    expect(disabledByFieldset(within(generator()).getByLabelText('Business name'))).toBe(true);
    expect(disabledByFieldset(within(generator()).getByRole('button', { name: 'Generate' }))).toBe(true);
  });

  it('starter, pro, advanced and admin generate; the linked accounts are listed', async () => {
    for (const role of ['starter', 'admin'] as const) {
      renderAt(DesignerPage, designerHost({ user: { role } }).host);
      expect(await screen.findByRole('form', { name: 'Generator' })).toBeTruthy();
      expect(within(screen.getByRole('list', { name: 'Linked accounts' })).getAllByRole('listitem')).toHaveLength(2);
      cleanup();
    }
  });

  it('an inactive organization says so and generates nothing', async () => {
    renderAt(DesignerPage, designerHost({ data: () => designerData({ is_active: false }) }).host);
    expect(await screen.findByText(INACTIVE)).toBeTruthy();
    expect(disabledByFieldset(within(generator()).getByRole('button', { name: 'Generate' }))).toBe(true);
  });

  it('shows a load failure with Retry', async () => {
    let fail = true;
    const { host } = designerHost({
      data: () => {
        if (fail) throw apiError(503, { message: 'Part of this page could not be loaded.' });
        return designerData();
      },
    });
    renderAt(DesignerPage, host);
    expect(await screen.findByText('Part of this page could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Generator' })).toBeTruthy();
  });
});

describe('the generator form (part 2 §3–§5)', () => {
  it('starts in the organization’s language (issue 30: it was always en-US)', async () => {
    const data = designerData();
    data.organization.language = 'de-DE';
    renderAt(DesignerPage, designerHost({ data: () => data }).host);
    expect(((await screen.findByLabelText('Language')) as HTMLSelectElement).value).toBe('de-DE');
  });

  it('checks the business name, a platform and the counts with their messages before asking anything', async () => {
    const { host, calls } = designerHost();
    renderAt(DesignerPage, host);
    const name = await screen.findByLabelText('Business name');
    await userEvent.clear(name);
    await generate();
    expect(screen.getByText(PostMessages.businessNameRequired)).toBeTruthy();
    expect(screen.getByText(PostMessages.selectPlatform)).toBeTruthy();
    await userEvent.type(name, 'Acme');
    await userEvent.click(screen.getByRole('checkbox', { name: 'X' }));
    await userEvent.type(screen.getByLabelText('Character limit'), '0');
    await generate();
    expect(screen.getByText(OrganizationMessages.characterRange('Character limit'))).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Character limit'));
    await userEvent.type(screen.getByLabelText('Character limit'), '100');
    await userEvent.type(screen.getByLabelText('Desired character count'), '150');
    await generate();
    expect(screen.getByText(PostMessages.targetExceedsLimit)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Character limit'));
    await userEvent.type(screen.getByLabelText('Character limit'), '120');
    await generate();
    expect(screen.getByText(PostMessages.limitBelowTarget)).toBeTruthy();
    expect(generateCalls(calls)).toHaveLength(0);
  });

  it('shows event details only for an event; prefills from the default template; a template choice fills it; Clear keeps name and platforms', async () => {
    const templates = [template('t1', 'Autumn', { is_default: true }), template('t2', 'Fair', { content_type: 'event', event_details: 'Saturday', topic: 'The fair' })];
    renderAt(DesignerPage, designerHost({ data: () => designerData({ templates, connected: ['X'] }) }).host);
    const topic = (await screen.findByLabelText('Topic')) as HTMLInputElement;
    expect(topic.value).toBe('Autumn loaves');
    expect((screen.getByLabelText('Template') as HTMLSelectElement).value).toBe('t1');
    expect((screen.getByRole('checkbox', { name: 'X' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('Event details')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Template'), 't2');
    expect((screen.getByLabelText('Event details') as HTMLTextAreaElement).value).toBe('Saturday');
    expect((screen.getByLabelText('Business name') as HTMLInputElement).value).toBe('Acme Bakery');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(topic.value).toBe('');
    expect(screen.queryByLabelText('Event details')).toBeNull();
    expect((screen.getByLabelText('Business name') as HTMLInputElement).value).toBe('Acme Bakery');
    expect((screen.getByRole('checkbox', { name: 'X' }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks for each platform on its own and shows each as it comes: a slow one leaves the page usable, a failed one says why', async () => {
    const slowX = deferred<unknown>();
    const { host, calls, toasts } = designerHost({
      respond: (call) => {
        const platform = (call.body as { platforms: string[] }).platforms[0];
        if (platform === 'X') return slowX.promise;
        if (platform === 'LinkedIn') return generated('LinkedIn', 'Our autumn loaves are here. #AcmeBakery');
        throw apiError(429, { message: 'You have used your 20 content generations for today.' });
      },
    });
    renderAt(DesignerPage, host);
    await screen.findByRole('form', { name: 'Generator' });
    for (const name of ['X', 'LinkedIn']) await userEvent.click(screen.getByRole('checkbox', { name }));
    await userEvent.type(screen.getByLabelText('Topic'), 'Autumn');
    await generate();
    // The generator closes while the posts come (part 2 §4).
    expect(screen.getByRole('button', { name: /Generator/ }).getAttribute('aria-expanded')).toBe('false');
    expect(generateCalls(calls).map((call) => (call.body as { platforms: string[] }).platforms)).toEqual([['X'], ['LinkedIn']]);
    expect(generateCalls(calls).every((call) => (call.body as { organization_id: string }).organization_id === ORG_ID)).toBe(true);
    expect(await screen.findByRole('article', { name: 'Preview on LinkedIn' })).toBeTruthy();
    expect(screen.getByText(/Writing the post for X…/)).toBeTruthy();
    // While X is still being written, LinkedIn's post can be edited.
    const linkedin = screen.getByRole('listitem', { name: 'Post for LinkedIn' });
    await userEvent.click(within(linkedin).getByRole('button', { name: 'Edit' }));
    await userEvent.type(within(linkedin).getByLabelText('Post text'), ' Fresh!');
    expect(within(screen.getByRole('article', { name: 'Preview on LinkedIn' })).getByText(/Fresh!/, { selector: '.preview-text' })).toBeTruthy();
    slowX.resolve(generated('X', 'Autumn loaves at Acme.'));
    expect(await screen.findByRole('article', { name: 'Preview on X' })).toBeTruthy();
    await waitFor(() => expect(toasts.map((t) => t.message)).toContain(PostMessages.contentGenerated));
    // Left out of the submit, LinkedIn's post keeps its name.
    await userEvent.click(within(linkedin).getByRole('checkbox', { name: 'LinkedIn' }));
    expect(screen.getByRole('listitem', { name: 'Post written for LinkedIn, without a platform' })).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Post written for LinkedIn, without a platform' })).getByText('Choose a platform to publish this post to.')).toBeTruthy();
  });

  it('a failed platform shows its message, the banner and a toast, and Try again asks again', async () => {
    let fail = true;
    const { host, toasts } = designerHost({
      data: () => designerData({ connected: ['X'] }),
      respond: () => {
        if (fail) throw apiError(503, { message: PostMessages.generationUnavailable });
        return generated('X', 'Second time lucky.');
      },
    });
    renderAt(DesignerPage, host);
    await screen.findByRole('form', { name: 'Generator' });
    await generate();
    const card = await screen.findByRole('listitem', { name: 'Post for X' });
    await waitFor(() => expect(within(card).getByRole('alert').textContent).toBe(PostMessages.generationUnavailable));
    expect(screen.getAllByText(PostMessages.generationUnavailable)).toHaveLength(2);
    expect(toasts).toContainEqual({ kind: 'error', message: PostMessages.generationUnavailable, durationMs: 5000 });
    fail = false;
    await userEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Second time lucky.', { selector: '.draft-text' })).toBeTruthy();
  });

  it('the error banner clears after 10 s (part 2 §8); the platform keeps its message', async () => {
    const { host } = designerHost({
      data: () => designerData({ connected: ['X'] }),
      respond: () => {
        throw apiError(503, { message: PostMessages.generationUnavailable });
      },
    });
    renderAt(DesignerPage, host);
    await screen.findByRole('form', { name: 'Generator' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await generate();
    await waitFor(() => expect(screen.getAllByText(PostMessages.generationUnavailable)).toHaveLength(2));
    await act(async () => vi.advanceTimersByTime(9900));
    expect(screen.getAllByText(PostMessages.generationUnavailable)).toHaveLength(2);
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.getAllByText(PostMessages.generationUnavailable)).toHaveLength(1);
    expect(within(screen.getByRole('listitem', { name: 'Post for X' })).getByRole('alert').textContent).toBe(PostMessages.generationUnavailable);
  });

  it('Back to Generator carries the form to /organization/{id}/generator, whose page opens with it', async () => {
    const { host } = designerHost({ data: () => designerData({ connected: ['X'] }), respond: () => generated('X', 'Hello.') });
    renderAt(DesignerPage, host);
    await userEvent.type(await screen.findByLabelText('Topic'), 'Sourdough');
    await generate();
    const back = await screen.findByRole('link', { name: 'Back to Generator' });
    expect(back.getAttribute('href')).toBe(`/organization/${ORG_ID}/generator`);
    cleanup();
    renderAt(GeneratorPage, host, `/organization/${ORG_ID}/generator`, {
      formData: { ...(await import('../src/generator/generator-form.js')).emptyForm('Acme Bakery', ['X']), topic: 'Sourdough' },
    });
    expect(((await screen.findByLabelText('Topic')) as HTMLInputElement).value).toBe('Sourdough');
    expect(screen.getByRole('heading', { name: 'Generator' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Generator/ }).getAttribute('aria-expanded')).toBe('true');
  });
});
