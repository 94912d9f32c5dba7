import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionCredentials, ConnectionCredentialsBatch } from '@planner/contracts';
import { startConnectionRefresher } from '../src/jobs/connection-refresher.js';
import { startConnectionsHarness, type ConnectionsHarness } from './oauth-harness.js';

let h: ConnectionsHarness;

// Only X has client credentials here, with the real provider's default endpoints; nothing is called over the network.
beforeAll(async () => {
  h = await startConnectionsHarness({ X_CLIENT_ID: 'x-client', X_CLIENT_SECRET: 'x-secret' });
});

afterAll(async () => {
  await h?.close();
});

async function ownerWithOrganization(): Promise<{ token: string; organizationId: string }> {
  const token = await h.ctx.keys.sign({ sub: randomUUID(), role: 'advanced', email_verified: true });
  const created = await h.send('POST', '/organizations', { token, payload: { name: 'Sandbox Brand' } });
  return { token, organizationId: created.json().id };
}

describe('platforms without client credentials (the dev flow)', () => {
  it('answers authorize with a clear not-configured error and offers a labelled Sandbox connection', async () => {
    const { token, organizationId } = await ownerWithOrganization();
    const refused = await h.send('POST', '/oauth/linkedin/authorize', { token, payload: { organization_id: organizationId } });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'LinkedIn is not configured on this server (no client credentials). A Sandbox connection can be made instead.',
      sandbox_available: true,
    });

    const sandbox = await h.send('POST', '/oauth/linkedin/sandbox', { token, payload: { organization_id: organizationId } });
    expect(sandbox.json()).toMatchObject({ platform: 'linkedin', is_connected: true, sandbox: true, label: 'Sandbox', specific_data: { name: 'LinkedIn Sandbox' } });
    const creds = await h.ctx.bus.request<ConnectionCredentials>('organizations.connection.credentials', { organization_id: organizationId, platform: 'linkedin' });
    expect(creds).toMatchObject({ platform: 'linkedin', sandbox: true, access_token: null });
    expect((await h.send('POST', '/oauth/linkedin/refresh', { token, payload: { organization_id: organizationId } })).json().connection.sandbox).toBe(true);
  });

  it('offers a Sandbox LinkedIn connection one labelled Sandbox page to post as, whatever LINKEDIN_ORGANIZATION_PAGES says', async () => {
    const { token, organizationId } = await ownerWithOrganization();
    await h.send('POST', '/oauth/linkedin/sandbox', { token, payload: { organization_id: organizationId } });
    expect((await h.send('GET', `/oauth/linkedin/pages?organization_id=${organizationId}`, { token })).json()).toEqual({ pages: [{ id: 'sandbox', name: 'LinkedIn Sandbox Page' }] });
    const saved = await h.send('POST', '/oauth/linkedin/page', { token, payload: { organization_id: organizationId, page_id: 'sandbox' } });
    expect(saved.json()).toMatchObject({ message: 'LinkedIn page successfully saved', connection: { label: 'Sandbox', url: null, specific_data: { organization_name: 'LinkedIn Sandbox Page' } } });
    const creds = await h.ctx.bus.request<ConnectionCredentials>('organizations.connection.credentials', { organization_id: organizationId, platform: 'linkedin' });
    expect(creds.specific_data).toMatchObject({ organization_id: 'sandbox', organization_name: 'LinkedIn Sandbox Page' });
    const refused = await h.send('POST', '/oauth/linkedin/page', { token, payload: { organization_id: organizationId, page_id: '2414183' } });
    expect([refused.status, refused.json().message]).toEqual([400, 'Failed to save LinkedIn page: this LinkedIn account may not post as that page']);
  });

  it('offers Telegram only as Sandbox without a bot token', async () => {
    const { token, organizationId } = await ownerWithOrganization();
    const refused = await h.send('POST', '/oauth/telegram/connect_channel', { token, payload: { organization_id: organizationId, channel_identifier: '@any_channel' } });
    expect(refused.status).toBe(400);
    expect(refused.json().message).toBe('Telegram is not configured on this server (no client credentials). A Sandbox connection can be made instead.');
    expect((await h.send('POST', '/oauth/telegram/sandbox', { token, payload: { organization_id: organizationId } })).json().label).toBe('Sandbox');
  });

  it('sends a configured platform to the real provider and refuses a Sandbox for it', async () => {
    const { token, organizationId } = await ownerWithOrganization();
    const started = await h.send('GET', `/oauth/x/authorize?organization_id=${organizationId}`, { token });
    expect(started.json().redirect_url).toMatch(/^https:\/\/x\.com\/i\/oauth2\/authorize\?/);
    const sandbox = await h.send('POST', '/oauth/x/sandbox', { token, payload: { organization_id: organizationId } });
    expect(sandbox.status).toBe(409);
    expect(sandbox.json().message).toBe('X is configured on this server: connect it for real instead of a Sandbox connection.');
  });

  it('answers 404 for a platform that is not connected, over HTTP and NATS', async () => {
    const { token, organizationId } = await ownerWithOrganization();
    const off = await h.send('POST', '/oauth/tiktok/disconnect', { token, payload: { organization_id: organizationId } });
    expect(off.status).toBe(404);
    expect(off.json().message).toBe('TikTok is not connected.');
    const creds = await h.ctx.bus.request('organizations.connection.credentials', { organization_id: organizationId, platform: 'tiktok' }).catch((e: unknown) => e);
    expect(creds).toMatchObject({ statusCode: 404, message: 'TikTok is not connected.' });
    const bad = await h.ctx.bus.request('organizations.connection.credentials', { organization_id: 'nope' }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ statusCode: 400 });
  });

  it('answers a batch of credentials with whether each organization is active, or why there are none', async () => {
    const { token, organizationId } = await ownerWithOrganization();
    await h.send('POST', '/oauth/linkedin/sandbox', { token, payload: { organization_id: organizationId } });
    const inactive = await ownerWithOrganization();
    await h.send('POST', '/oauth/threads/sandbox', { token: inactive.token, payload: { organization_id: inactive.organizationId } });
    expect((await h.send('PUT', `/organizations/${inactive.organizationId}/deactivate`, { token: inactive.token, payload: {} })).status).toBe(200);

    const { items } = await h.ctx.bus.request<ConnectionCredentialsBatch>('organizations.connection.credentials_batch', {
      items: [
        { organization_id: organizationId, platform: 'linkedin' },
        { organization_id: organizationId, platform: 'tiktok' },
        { organization_id: inactive.organizationId, platform: 'threads' },
        { organization_id: randomUUID(), platform: 'x' },
      ],
    });
    expect(items).toEqual([
      { credentials: expect.objectContaining({ platform: 'linkedin', sandbox: true, access_token: null }), organization_active: true },
      { error: { status_code: 404, message: 'TikTok is not connected.' } },
      { credentials: expect.objectContaining({ platform: 'threads', sandbox: true }), organization_active: false },
      { error: { status_code: 404, message: 'X is not connected.' } },
    ]);
  });

  it('schedules the token sweep once however many replicas start it', async () => {
    // The service started it once already; two more replicas start it again.
    const stops = [await startConnectionRefresher(h.ctx), await startConnectionRefresher(h.ctx)];
    const schedulers = await h.ctx.queues.queue('connection-refresh').getJobSchedulers();
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({ key: 'sweep', every: 3600_000 });
    for (const stop of stops) await stop();
  });
});
