import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer } from '@planner/service-kit/testing';
import { registered, useOrganizations } from './harness.js';

const h = useOrganizations();
const token = (role: 'admin' | 'pro') => h.ctx.keys.sign({ sub: randomUUID(), role, email_verified: true });

describe('supported platforms', () => {
  it('are seeded with the eight platforms, their media types and the default daily limit', async () => {
    const supported = await h.api.send({ method: 'GET', url: '/platforms/supported', headers: bearer(await token('pro')) });
    expect(supported.statusCode).toBe(200);
    const byName = Object.fromEntries(supported.json().map((p: { name: string }) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual(['Facebook', 'Instagram', 'LinkedIn', 'Telegram', 'Threads', 'TikTok', 'X', 'YouTube']);
    expect(byName.X).toMatchObject({ media_types: 'text,image,video,carousel', default_daily_limit: 10 });
    expect(byName.YouTube).toMatchObject({ media_types: 'video,short' });
    expect(byName.Instagram.media_types.split(',')).toContain('story');

    const types = (await h.api.send({ method: 'GET', url: '/platforms/media_types', headers: bearer(await token('pro')) })).json();
    expect(types.media_types).toEqual(['text', 'image', 'video', 'carousel', 'short', 'story']);
    expect(types.platforms.YOUTUBE).toEqual(['video', 'short']);
    expect(types.platforms.TIKTOK).toContain('short');
    expect((await h.api.send({ method: 'GET', url: '/platforms/supported' })).statusCode).toBe(401);
  });

  it('are managed by admins only', async () => {
    const user = await token('pro');
    const someId = randomUUID();
    for (const [method, url] of [['GET', '/platforms'], ['POST', '/platforms'], ['PUT', `/platforms/${someId}`], ['DELETE', `/platforms/${someId}`]] as const) {
      const res = await h.api.send({ method, url, headers: bearer(user), ...(method !== 'GET' && method !== 'DELETE' && { payload: { name: 'Mastodon' } }) });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Unauthorized: Admin access required');
    }
  });

  it('are created, changed, deactivated and deleted by an admin, with the spec’s rules', async () => {
    const admin = bearer(await token('admin'));
    const created = await h.api.send({
      method: 'POST',
      url: '/platforms',
      headers: admin,
      payload: { name: 'Mastodon', media_types: 'text, image', other_credentials: { client_secret: 'do-not-show' } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Mastodon', media_types: 'text,image', default_daily_limit: 10, is_active: true, other_credentials: { client_secret: '********' } });
    expect(created.body).not.toContain('do-not-show');
    const id = created.json().id;
    const [stored] = await h.ctx.dataSource.query(`SELECT other_credentials FROM supported_platforms WHERE id = $1`, [id]);
    expect(stored.other_credentials).toMatch(/^v1\./);
    expect(stored.other_credentials).not.toContain('do-not-show');

    for (const [payload, message] of [
      [{ name: '' }, 'Platform name is required'],
      [{}, 'Platform name is required'],
      [{ name: 'Blue sky' }, 'Platform name must contain only letters, numbers, and underscores (no spaces)'],
      [{ name: 'bsky!' }, 'Platform name must contain only letters, numbers, and underscores (no spaces)'],
      [{ name: 'Bsky', media_types: 'text,hologram' }, 'Media types must be among text, image, video, carousel, short and story.'],
      [{ name: 'Bsky', default_daily_limit: 0 }, 'Default daily limit must be a whole number of at least 1.'],
    ] as const) {
      const res = await h.api.send({ method: 'POST', url: '/platforms', headers: admin, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const taken = await h.api.send({ method: 'POST', url: '/platforms', headers: admin, payload: { name: 'MASTODON' } });
    expect(taken.statusCode).toBe(409);

    const changed = await h.api.send({ method: 'PUT', url: `/platforms/${id}`, headers: admin, payload: { media_types: ['video', 'short'], default_daily_limit: 3, is_active: false } });
    expect(changed.json()).toMatchObject({ name: 'Mastodon', media_types: 'video,short', default_daily_limit: 3, is_active: false, other_credentials: { client_secret: '********' } });
    const cleared = await h.api.send({ method: 'PUT', url: `/platforms/${id}`, headers: admin, payload: { other_credentials: null } });
    expect(cleared.json().other_credentials).toBeNull();
    expect((await h.api.send({ method: 'PUT', url: `/platforms/${id}`, headers: admin, payload: { name: 'x' } })).statusCode).toBe(409);
    const users = bearer(await token('pro'));
    expect((await h.api.send({ method: 'GET', url: '/platforms/supported', headers: users })).json().map((p: { name: string }) => p.name)).not.toContain('Mastodon');
    expect((await h.api.send({ method: 'GET', url: '/platforms', headers: admin })).json().map((p: { name: string }) => p.name)).toContain('Mastodon');

    expect((await h.api.send({ method: 'DELETE', url: `/platforms/${id}`, headers: admin })).json()).toEqual({ success: true });
    expect((await h.api.send({ method: 'DELETE', url: `/platforms/${id}`, headers: admin })).statusCode).toBe(404);
    expect((await h.api.send({ method: 'PUT', url: '/platforms/not-an-id', headers: admin, payload: { is_active: true } })).statusCode).toBe(404);
  });

  it('show an organization’s connected platforms and each platform’s status to its owner', async () => {
    const owner = await registered(h.ctx, 'pro');
    const org = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Connected' }, headers: bearer(owner.token) })).json();
    const get = (url: string) => h.api.send({ method: 'GET', url, headers: bearer(owner.token) });
    expect((await get(`/platforms/user?organization_id=${org.id}`)).json()).toEqual([]);

    // A Sandbox connection (no X credentials on this server) through the connections' own route.
    const sandbox = await h.api.send({ method: 'POST', url: '/oauth/x/sandbox', payload: { organization_id: org.id }, headers: bearer(owner.token) });
    expect(sandbox.statusCode).toBe(200);
    const mine = (await get(`/platforms/user?organization_id=${org.id}`)).json();
    expect(mine).toEqual([expect.objectContaining({ name: 'X', media_types: 'text,image,video,carousel', is_connected: true, sandbox: true, label: 'Sandbox' })]);
    expect(JSON.stringify(mine)).not.toMatch(/token/i);

    expect((await get(`/platforms/status?organization_id=${org.id}&platform=x`)).json()).toMatchObject({ name: 'X', platform: 'x', is_connected: true });
    expect((await get(`/platforms/status?organization_id=${org.id}&platform=Telegram`)).json()).toEqual({
      name: 'Telegram',
      media_types: 'text,image,video,carousel',
      platform: 'telegram',
      is_connected: false,
      url: null,
      specific_data: {},
    });
    const unknown = await get(`/platforms/status?organization_id=${org.id}&platform=Mastodon`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Platform 'Mastodon' is not supported.");
    const noOrganization = await get('/platforms/user');
    expect(noOrganization.statusCode).toBe(400);
    expect(noOrganization.json().message).toBe('No organization selected.');
  });
});
