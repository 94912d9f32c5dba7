import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it('hold no platform token through connect, refresh, page choice, a failed refresh and disconnect', async () => {
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

    const output = logged.join('');
    expect(output).toContain('incoming request');
    const secrets = [
      BOT_TOKEN,
      creds.page_access_token,
      ...(['x', 'facebook', 'tiktok'] as const).flatMap((p) => [...standIns[p].standIn.accessTokens, ...standIns[p].standIn.refreshTokens, ...standIns[p].standIn.revoked]),
    ];
    expect(secrets.length).toBeGreaterThan(8);
    for (const secret of secrets) expect(output).not.toContain(secret);
  });
});
