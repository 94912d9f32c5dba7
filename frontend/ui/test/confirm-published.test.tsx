import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Host } from '@planner/remote-contract';
import { ConfirmPublished, ConfirmPublishedMessages } from '../src/ConfirmPublished.js';

const POST_ID = '00000000-0000-4000-8000-0000000000b1';

/** A host whose API answers GET /publications with `publications`, and records every call. */
function hostWith(publications: Array<{ id: string; platform: string; state: string }>) {
  const calls: Array<{ method: string; path: string; options: unknown }> = [];
  const request = vi.fn(async (method: string, path: string, options: { params?: { id: string } } = {}) => {
    calls.push({ method, path, options });
    if (path === '/publications') return { publications };
    return { publication: { id: options.params?.id, post_id: POST_ID, platform: 'x', state: 'published', link: null, published_at: '2026-12-04T10:00:00.000Z' } };
  });
  return { host: { api: { request } } as unknown as Host, calls };
}

describe('ConfirmPublished', () => {
  afterEach(cleanup);

  it('confirms the publication in doubt on that platform, without a link when none is given', async () => {
    const { host, calls } = hostWith([
      { id: 'p-linkedin', platform: 'linkedin', state: 'in_doubt' },
      { id: 'p-x', platform: 'x', state: 'in_doubt' },
    ]);
    const onConfirmed = vi.fn();
    render(<ConfirmPublished host={host} postId={POST_ID} platform="x" onConfirmed={onConfirmed} />);
    await userEvent.click(screen.getByRole('button', { name: 'It is on X' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark as published' }));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/publications/:id/confirm', options: { params: { id: 'p-x' }, body: { link: null } } });
    expect(onConfirmed).toHaveBeenCalledWith(expect.objectContaining({ id: 'p-x', state: 'published' }));
    expect(screen.getByRole('status').textContent).toBe(ConfirmPublishedMessages.done('X'));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says so when the publication is no longer in doubt, and confirms nothing', async () => {
    const { host, calls } = hostWith([{ id: 'p-x', platform: 'x', state: 'published' }]);
    const onConfirmed = vi.fn();
    render(<ConfirmPublished host={host} postId={POST_ID} platform="x" onConfirmed={onConfirmed} />);
    await userEvent.click(screen.getByRole('button', { name: 'It is on X' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark as published' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ConfirmPublishedMessages.noLongerInDoubt('X'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  it('Cancel closes the form and gives focus back to its button', async () => {
    const { host } = hostWith([]);
    render(<ConfirmPublished host={host} postId={POST_ID} platform="x" onConfirmed={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'It is on X' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Link to the post on X (optional)'));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'It is on X' }));
  });
});
