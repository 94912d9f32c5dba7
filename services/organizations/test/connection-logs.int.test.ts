import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadUrl } from '@planner/gateway/testing';
import { connectionConfigSchema } from '../src/adapters/config.js';
import { providersFrom } from '../src/adapters/index.js';
import { Organization } from '../src/entities/organization.entity.js';
import { disconnect } from '../src/commands/connections.js';
import { startConnectionsHarness, type ConnectionsHarness } from './oauth-harness.js';
import { startPlatformStandIns } from './stand-ins/platforms.js';
import { startTelegramStandIn } from './stand-ins/telegram.js';

const BOT_TOKEN = '7000000002:AAAnotherStandInBotToken';
let h: ConnectionsHarness;
let standIns: Awaited<ReturnType<typeof startPlatformStandIns>>;
let telegram: Awaited<ReturnType<typeof startTelegramStandIn>>;
const logged: string[] = [];
const write = process.stdout.write.bind(process.stdout);

// Everything the service logs, at the most verbose level, is captured (its logger writes to stdout in tests).
beforeAll(async () => {
  process.env.TEST_LOG_LEVEL = 'trace';
  process.stdout.write = ((chunk: string | Uint8Array) => {
    logged.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  standIns = await startPlatformStandIns();
  telegram = await startTelegramStandIn(BOT_TOKEN, [{ id: -1001, type: 'channel', title: 'Logged', username: 'logged_channel', bot: { status: 'administrator', can_post_messages: true } }]);
  h = await startConnectionsHarness({ ...Object.assign({}, ...Object.values(standIns).map((s) => s.env)), TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_API_URL: telegram.url });
});

afterAll(async () => {
  process.stdout.write = write;
  delete process.env.TEST_LOG_LEVEL;
  await h?.close();
  await Promise.all(Object.values(standIns ?? {}).map((s) => s.standIn.close()));
  await telegram?.close();
});

describe('logs', () => {
  it('hold no platform token through connect, refresh, page choice, a failed refresh, disconnect and a revoke that fails', async () => {
    const token = await h.ctx.keys.sign({ sub: randomUUID(), role: 'advanced', email_verified: true });
    const organizationId = (await h.send('POST', '/organizations', { token, payload: { name: 'Logged' } })).json().id;
    for (const platform of ['x', 'facebook', 'tiktok'] as const) {
      const started = (await h.send('POST', `/oauth/${platform}/authorize`, { token, payload: { organization_id: organizationId } })).json().redirect_url;
      expect((await h.arrive((await h.visit(started)).location!)).location).toContain('/oauth/success');
    }
    await h.send('POST', '/oauth/facebook/page', { token, payload: { organization_id: organizationId, page_id: '1001' } });
    await h.send('POST', '/oauth/telegram/connect_channel', { token, payload: { organization_id: organizationId, channel_identifier: '@logged_channel' } });
    await h.send('POST', '/oauth/x/refresh', { token, payload: { organization_id: organizationId } });
    standIns.tiktok.standIn.refuseRefresh = true;
    expect((await h.send('POST', '/oauth/tiktok/refresh', { token, payload: { organization_id: organizationId } })).status).toBe(409);
    const creds = await h.ctx.bus.request<{ page_access_token: string }>('organizations.connection.credentials', { organization_id: organizationId, platform: 'facebook' });
    for (const platform of ['x', 'facebook', 'tiktok', 'telegram'] as const) await h.send('POST', `/oauth/${platform}/disconnect`, { token, payload: { organization_id: organizationId } });
    // A revoke that cannot reach Google: its library's error names the revoke URL, which carries the token.
    const youtube = (await h.send('POST', '/oauth/youtube/authorize', { token, payload: { organization_id: organizationId } })).json().redirect_url;
    expect((await h.arrive((await h.visit(youtube)).location!)).location).toContain('/oauth/success');
    const unreachable = { ...h.ctx, adapters: { ...h.ctx.adapters, providers: providersFrom(connectionConfigSchema.parse({ ...h.ctx.config, YOUTUBE_TOKEN_URL: `${await deadUrl()}/token` })) } };
    await disconnect(unreachable, await h.ctx.dataSource.getRepository(Organization).findOneByOrFail({ id: organizationId }), 'youtube');

    const output = logged.join('');
    expect(output).toContain('incoming request');
    expect(output).toContain('provider did not revoke the disconnected token');
    const secrets = [
      BOT_TOKEN,
      creds.page_access_token,
      ...(['x', 'facebook', 'tiktok', 'youtube'] as const).flatMap((p) => [...standIns[p].standIn.accessTokens, ...standIns[p].standIn.refreshTokens, ...standIns[p].standIn.revoked]),
    ];
    expect(secrets.length).toBeGreaterThan(8);
    for (const secret of secrets) expect(output).not.toContain(secret);
  });

  it('hold no platform credentials, SDK token or bearer token from the rest of the service', async () => {
    const before = logged.length;
    const admin = await h.ctx.keys.sign({ sub: randomUUID(), role: 'admin', email_verified: true });
    const secrets = [`sk_live_${randomUUID()}`, `whsec_${randomUUID()}`, admin];
    const created = await h.send('POST', '/platforms', { token: admin, payload: { name: `Logged${randomUUID().slice(0, 6)}`, other_credentials: { api_key: secrets[0] } } });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.json())).not.toContain(secrets[0]);
    await h.send('PUT', `/platforms/${created.json().id}`, { token: admin, payload: { other_credentials: { webhook_secret: secrets[1] } } });
    await h.send('GET', '/platforms', { token: admin });

    const user = await h.ctx.keys.sign({ sub: randomUUID(), role: 'advanced', email_verified: true });
    secrets.push(user);
    const organizationId = (await h.send('POST', '/organizations', { token: user, payload: { name: 'Logged too' } })).json().id;
    const sdkToken = standIns.facebook.standIn.issueAccessToken();
    const forged = `EAAforged${randomUUID()}`;
    secrets.push(sdkToken, forged);
    expect((await h.send('POST', '/oauth/facebook/authorize', { token: user, payload: { organization_id: organizationId, auth_code: sdkToken } })).status).toBe(200);
    expect((await h.send('POST', '/oauth/facebook/authorize', { token: user, payload: { organization_id: organizationId, auth_code: forged } })).status).toBe(400);

    const output = logged.slice(before).join('');
    expect(output).toContain('incoming request');
    for (const secret of secrets) expect(output).not.toContain(secret);
  });
});
