import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_PROVIDER_ERRORS, PLATFORM_DISPLAY_NAMES, type ConnectionCredentials } from '@planner/contracts';
import { OutboxEvent } from '@planner/service-kit/data';
import { deadUrl } from '@planner/gateway/testing';
import { publishEvent } from '@planner/service-kit/testing';
import { connectionConfigSchema } from '../src/adapters/config.js';
import { providersFrom } from '../src/adapters/index.js';
import { connectionCredentials, sweepConnections } from '../src/commands/connections.js';
import { organizationScopedRoutes, organizationState } from './org-scoped-routes.js';
import { APP_URL, consentAt, newOrganization, signedIn, startConnectionsHarness, type ConnectionsHarness } from './oauth-harness.js';
import { startPlatformStandIns, type PlatformStandIn } from './stand-ins/platforms.js';
import { startTelegramStandIn } from './stand-ins/telegram.js';

const BOT_TOKEN = '7000000001:AAStandInBotTokenForTests';
let h: ConnectionsHarness;
let standIns: Awaited<ReturnType<typeof startPlatformStandIns>>;
let telegram: Awaited<ReturnType<typeof startTelegramStandIn>>;

beforeAll(async () => {
  standIns = await startPlatformStandIns();
  telegram = await startTelegramStandIn(BOT_TOKEN, [
    { id: -1001234567890, type: 'channel', title: 'Good Channel', username: 'good_channel', bot: { status: 'administrator', can_post_messages: true } },
    { id: -1009876543210, type: 'channel', title: 'Private Channel', bot: { status: 'administrator', can_post_messages: true } },
    { id: -1005555555555, type: 'channel', title: 'Read Only', username: 'readonly_channel', bot: { status: 'administrator', can_post_messages: false } },
  ]);
  h = await startConnectionsHarness({
    ...Object.assign({}, ...Object.values(standIns).map((s) => s.env)),
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_API_URL: telegram.url,
  });
});

afterAll(async () => {
  await h?.close();
  await Promise.all(Object.values(standIns ?? {}).map((s) => s.standIn.close()));
  await telegram?.close();
});

const owner = (emailVerified = true) => signedIn(h, emailVerified);
const organizationOf = (user: { token: string }) => newOrganization(h, user);
const consent = (platform: PlatformStandIn['platform'], organizationId: string, token: string) => consentAt(h, standIns[platform], organizationId, token);

const rowOf = async (organizationId: string): Promise<string> =>
  (await h.ctx.dataSource.query(`SELECT row_to_json(c)::text AS row FROM connections c WHERE organization_id = $1`, [organizationId]))[0]?.row ?? '';
const credentials = (organizationId: string, platform: string) =>
  h.ctx.bus.request<ConnectionCredentials>('organizations.connection.credentials', { organization_id: organizationId, platform });
const eventsOf = async (organizationId: string) =>
  (await h.ctx.dataSource.getRepository(OutboxEvent).find({ order: { createdAt: 'ASC' } }))
    .filter((e) => e.subject.startsWith('organizations.connection.') && (e.envelope.data as { organizationId?: string }).organizationId === organizationId)
    .map((e) => e.subject);

/** The account's `specific_data` as the browser sees it (part 2 §3's fields). */
const PROFILES: Record<PlatformStandIn['platform'], Record<string, unknown>> = {
  x: { username: 'standin_brand', name: 'Stand-in Brand' },
  facebook: { user_name: 'Stand-in Person' },
  instagram: { username: 'standin_instagram' },
  threads: { username: 'standin_threads' },
  youtube: { channel_id: 'UCstandin0000000000000', channel_title: 'Stand-in Channel' },
  linkedin: { user_name: 'Stand-in Member', organization_name: null },
  tiktok: { username: 'standin_creator', open_id: 'tt-open-id-1' },
};

/** The ids the scheduler's adapters publish as (and X's subscription, which sets its video limits), kept beside them and given only with the credentials. */
const ACCOUNT_IDS: Partial<Record<PlatformStandIn['platform'], Record<string, string>>> = {
  x: { user_id: '2244994945', subscription_type: 'Basic' },
  // The professional account's id (`user_id` of /me), not the app-scoped `id`.
  instagram: { user_id: '17841400000000000' },
  threads: { user_id: '7123456789012345' },
  // The OpenID userinfo `sub`.
  linkedin: { person_id: 'lnk-123' },
};

describe('full OAuth connect per platform, through the gateway, against the provider stand-ins', () => {
  for (const platform of Object.keys(PROFILES) as Array<PlatformStandIn['platform']>) {
    it(`${platform}: connects, keeps tokens encrypted, refreshes on expiry, disconnects`, async () => {
      const user = await owner();
      const organizationId = await organizationOf(user);
      const { standIn } = standIns[platform];

      const callback = await consent(platform, organizationId, user.token);
      const done = await h.arrive(callback);
      expect(done.status).toBe(302);
      expect(done.location).toBe(`${APP_URL}/oauth/success?platform=${platform}`);

      const listed = await h.send('GET', `/oauth/connections?organization_id=${organizationId}`, { token: user.token });
      expect(listed.json().platforms[platform.toUpperCase()]).toMatchObject({ is_connected: true, sandbox: false, label: null });
      expect(listed.json().platforms[platform.toUpperCase()].specific_data).toEqual(PROFILES[platform]);

      const first = await credentials(organizationId, platform);
      expect(standIn.hasAccessToken(first.access_token)).toBe(true);
      expect(first.sandbox).toBe(false);
      expect(first.specific_data).toEqual({ ...PROFILES[platform], ...ACCOUNT_IDS[platform] });
      // Neither the table row nor any answer to the browser holds a token the provider issued.
      const row = await rowOf(organizationId);
      expect(row).toContain('"access_token":"v1.');
      for (const token of [...standIn.accessTokens, ...standIn.refreshTokens]) {
        expect(row).not.toContain(token);
        expect(JSON.stringify(listed.json())).not.toContain(token);
      }

      await h.ctx.dataSource.query(`UPDATE connections SET expires_at = now() - interval '1 minute' WHERE organization_id = $1`, [organizationId]);
      const fresh = await credentials(organizationId, platform);
      expect(fresh.access_token).not.toBe(first.access_token);
      expect(standIn.hasAccessToken(fresh.access_token)).toBe(true);
      expect(Date.parse(fresh.expires_at!)).toBeGreaterThan(Date.now() + 60_000);
      expect(await rowOf(organizationId)).not.toContain(fresh.access_token!);

      // The scheduler says the platform refused a token that looks unexpired: refreshed at once, whatever its expiry.
      const forced = await h.ctx.bus.request<ConnectionCredentials>('organizations.connection.credentials', { organization_id: organizationId, platform, refresh: true });
      expect(forced.access_token).not.toBe(fresh.access_token);
      expect(standIn.hasAccessToken(forced.access_token)).toBe(true);

      const revokedBefore = standIn.revoked.size;
      const off = await h.send('POST', `/oauth/${platform}/disconnect`, { token: user.token, payload: { organization_id: organizationId } });
      expect(off.json()).toEqual({ success: true, message: `Successfully disconnected from ${PLATFORM_DISPLAY_NAMES[platform]}` });
      // Where the provider has a revoke endpoint, the app's access is withdrawn there too (Instagram and Threads have none;
      // for YouTube the refresh token is revoked, which at Google ends the whole grant).
      const hasRevoke = platform !== 'instagram' && platform !== 'threads';
      expect(standIn.revoked.size > revokedBefore).toBe(hasRevoke);
      if (platform !== 'youtube') expect(standIn.hasAccessToken(forced.access_token)).toBe(!hasRevoke);
      const after = await h.send('GET', `/oauth/connections?organization_id=${organizationId}`, { token: user.token });
      expect(after.json().platforms[platform.toUpperCase()]).toEqual({ is_connected: false, url: null, specific_data: {} });
      expect(await eventsOf(organizationId)).toEqual([
        'organizations.connection.connected',
        'organizations.connection.refreshed',
        'organizations.connection.refreshed',
        'organizations.connection.disconnected',
      ]);
    });
  }

  it('x: sends the PKCE challenge (S256) and keeps the verifier on the server', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    const started = await h.send('POST', '/oauth/x/authorize', { token: user.token, payload: { organization_id: organizationId } });
    const url = new URL(started.json().redirect_url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}/api/oauth/x/callback`);
    expect(url.searchParams.get('scope')).toContain('offline.access');
    expect(Object.keys(started.json())).toEqual(['redirect_url']);
    // The verifier waits on the server under the state's nonce, for ten minutes at most.
    const nonce = url.searchParams.get('state')!.split('.')[0]!;
    const pending = JSON.parse((await h.ctx.redis.get(`oauth_state:${nonce}`))!);
    expect(pending).toMatchObject({ organizationId, platform: 'x', codeVerifier: expect.stringMatching(/^[A-Za-z0-9_~.-]{43,128}$/) });
    expect(started.json().redirect_url).not.toContain(pending.codeVerifier);
    const ttl = await h.ctx.redis.ttl(`oauth_state:${nonce}`);
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  it('answers GET /oauth/{platform}/authorize as POST does (part 2 §7 names it for Instagram), and its state completes the connect', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    for (const platform of Object.keys(PROFILES) as Array<PlatformStandIn['platform']>) {
      const started = await h.send('GET', `/oauth/${platform}/authorize?organization_id=${organizationId}`, { token: user.token });
      expect(Object.keys(started.json())).toEqual(['redirect_url']);
      expect(started.json().redirect_url.startsWith(`${standIns[platform].standIn.url}${standIns[platform].authorizePath}`)).toBe(true);
    }
    const instagram = (await h.send('GET', `/oauth/instagram/authorize?organization_id=${organizationId}`, { token: user.token })).json().redirect_url;
    expect((await h.arrive((await h.visit(instagram)).location!)).location).toBe(`${APP_URL}/oauth/success?platform=instagram`);
  });

  it('facebook: asks for a page, lists pages without their tokens, saves one, publishes with its token', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    expect((await h.arrive(await consent('facebook', organizationId, user.token))).location).toBe(`${APP_URL}/oauth/success?platform=facebook`);
    const scope = new URL((await h.send('POST', '/oauth/facebook/authorize', { token: user.token, payload: { organization_id: organizationId } })).json().redirect_url).searchParams.get('scope');
    // publish_video: what Meta's Pages API posts guide names for video posts.
    expect(scope).toBe('public_profile,email,pages_show_list,pages_manage_posts,pages_read_engagement,publish_video,business_management');

    const view = async () => (await h.send('GET', `/oauth/connections?organization_id=${organizationId}`, { token: user.token })).json().platforms.FACEBOOK;
    expect((await view()).notice).toBe('Facebook Page Required');
    const pages = await h.send('GET', `/oauth/facebook/pages?organization_id=${organizationId}`, { token: user.token });
    // Every page of /me/accounts (the stand-in answers two at a time), the Business Manager's Page included.
    expect(pages.json()).toEqual({
      pages: [
        { id: '1001', name: 'Stand-in Page' },
        { id: '1002', name: 'Second Page' },
        { id: '1003', name: 'Business Manager Page' },
      ],
    });

    const saved = await h.send('POST', '/oauth/facebook/page', { token: user.token, payload: { organization_id: organizationId, page_id: '1001', page_name: 'x', access_token: 'from-browser' } });
    expect(saved.json()).toMatchObject({ success: true, message: 'Facebook page successfully saved', connection: { notice: null, specific_data: { page_id: '1001', page_name: 'Stand-in Page' } } });
    const creds = await credentials(organizationId, 'facebook');
    expect(creds.page_access_token).toMatch(/^page-token-/);
    expect(await rowOf(organizationId)).not.toContain(creds.page_access_token!);
    expect(JSON.stringify(saved.json())).not.toContain('page-token-');

    const unknown = await h.send('POST', '/oauth/facebook/page', { token: user.token, payload: { organization_id: organizationId, page_id: '999' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json().message).toBe('Failed to save Facebook page');
    const cleared = await h.send('POST', '/oauth/facebook/page', { token: user.token, payload: { organization_id: organizationId, page_id: '', page_name: '', access_token: '' } });
    expect(cleared.json().connection.notice).toBe('Facebook Page Required');
    expect((await credentials(organizationId, 'facebook')).page_access_token).toBeNull();
  });
});

describe('facebook page tokens refused by Graph (code 190)', () => {
  const refreshed = (organizationId: string) =>
    h.ctx.bus.request<ConnectionCredentials>('organizations.connection.credentials', { organization_id: organizationId, platform: 'facebook', refresh: true });

  it('a refresh the scheduler asks for reads the Page token again through the user token', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    await h.arrive(await consent('facebook', organizationId, user.token));
    await h.send('POST', '/oauth/facebook/page', { token: user.token, payload: { organization_id: organizationId, page_id: '1003' } });
    const before = await credentials(organizationId, 'facebook');

    const after = await refreshed(organizationId);
    expect(after.page_access_token).toMatch(/^page-token-/);
    expect(after.page_access_token).not.toBe(before.page_access_token);
    expect(standIns.facebook.pageTokens!.get(after.page_access_token!)).toBe('1003');
    expect(after.specific_data).toMatchObject({ page_id: '1003', page_name: 'Business Manager Page' });
  });

  it('when Graph gives no token for the Page any more, the connection is to be connected again, in the spec’s words', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    await h.arrive(await consent('facebook', organizationId, user.token));
    await h.send('POST', '/oauth/facebook/page', { token: user.token, payload: { organization_id: organizationId, page_id: '1001' } });
    // The person no longer has a task on any Page: the user token is good, the Page gives no token.
    standIns.facebook.refusePageTokens = true;
    try {
      await expect(refreshed(organizationId)).rejects.toMatchObject({ message: 'The Facebook connection has expired. Please connect it again.' });
    } finally {
      standIns.facebook.refusePageTokens = false;
    }
    const listed = await h.send('GET', `/oauth/connections?organization_id=${organizationId}`, { token: user.token });
    expect(listed.json().platforms.FACEBOOK.status).toBe('expired');
  });
});

describe('facebook pages when Graph has none or fails', () => {
  it('answers no pages with the spec’s notice, and a Graph failure with the spec’s messages', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    await h.arrive(await consent('facebook', organizationId, user.token));
    const userToken = (await credentials(organizationId, 'facebook')).access_token!;
    const pages = () => h.send('GET', `/oauth/facebook/pages?organization_id=${organizationId}`, { token: user.token });
    const save = () => h.send('POST', '/oauth/facebook/page', { token: user.token, payload: { organization_id: organizationId, page_id: '1001' } });

    standIns.facebook.pagelessTokens!.add(userToken);
    expect((await pages()).json()).toEqual({ pages: [], message: 'No Facebook pages found for this account' });
    const none = await save();
    expect([none.status, none.json().message]).toEqual([400, 'Failed to save Facebook page']);

    // Graph no longer accepts the user's token.
    standIns.facebook.standIn.accessTokens.splice(standIns.facebook.standIn.accessTokens.indexOf(userToken), 1);
    const failed = await pages();
    expect([failed.status, failed.json().message]).toEqual([502, 'Failed to load Facebook pages']);
    const notSaved = await save();
    expect([notSaved.status, notSaved.json().message]).toEqual([502, 'Failed to save Facebook page']);
    const listed = await h.send('GET', `/oauth/connections?organization_id=${organizationId}`, { token: user.token });
    expect(listed.json().platforms.FACEBOOK.notice).toBe('Facebook Page Required');
  });
});

describe('other ways in and refreshes', () => {
  it('facebook: connects with a user token from the JavaScript SDK, and refuses one Graph does not accept', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    const sdkToken = standIns.facebook.standIn.issueAccessToken();
    const connected = await h.send('POST', '/oauth/facebook/authorize', { token: user.token, payload: { organization_id: organizationId, auth_code: sdkToken } });
    expect(connected.json()).toEqual({ status: 'success', message: 'Successfully connected to Facebook' });
    const listed = await h.send('GET', `/oauth/connections?organization_id=${organizationId}`, { token: user.token });
    expect(listed.json().platforms.FACEBOOK).toMatchObject({ is_connected: true, notice: 'Facebook Page Required', specific_data: { user_name: 'Stand-in Person' } });
    const creds = await credentials(organizationId, 'facebook');
    expect(creds.access_token).not.toBe(sdkToken);
    expect(standIns.facebook.standIn.hasAccessToken(creds.access_token)).toBe(true);
    expect(await rowOf(organizationId)).not.toContain(sdkToken);

    const refused = await h.send('POST', '/oauth/facebook/authorize', { token: user.token, payload: { organization_id: organizationId, auth_code: 'forged' } });
    expect(refused.status).toBe(400);
    expect(refused.json().message).toBe('Failed to connect to Facebook: Error validating access token: Session has expired.');
  });

  it('telegram: connects by channel id and lists the connected channel', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    const none = await h.send('GET', `/oauth/telegram/channels?organization_id=${organizationId}`, { token: user.token });
    expect(none.json()).toEqual({ channels: [] });
    const byId = await h.send('POST', '/oauth/telegram/channel', { token: user.token, payload: { organization_id: organizationId, channel_id: '-1001234567890' } });
    expect(byId.json()).toMatchObject({ status: 'success', channel_info: { id: '-1001234567890', title: 'Good Channel', username: 'good_channel' } });
    const listed = await h.send('GET', `/oauth/telegram/channels?organization_id=${organizationId}`, { token: user.token });
    expect(listed.json()).toEqual({ channels: [{ id: '-1001234567890', title: 'Good Channel', username: 'good_channel' }] });
  });

  it('x: two callers at once on an expired token cause one refresh (X rotates refresh tokens)', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    await h.arrive(await consent('x', organizationId, user.token));
    await h.ctx.dataSource.query(`UPDATE connections SET expires_at = now() - interval '1 minute' WHERE organization_id = $1`, [organizationId]);
    const [a, b] = await Promise.all([credentials(organizationId, 'x'), credentials(organizationId, 'x')]);
    expect(a.access_token).toBe(b.access_token);
    expect((await eventsOf(organizationId)).filter((s) => s === 'organizations.connection.refreshed')).toHaveLength(1);
  });

  it('extends Meta long-lived tokens in the sweep before they lapse, and records a refused one', async () => {
    const user = await owner();
    const due = await organizationOf(user);
    const later = await organizationOf(user);
    const revoked = await organizationOf(user);
    for (const organizationId of [due, later, revoked]) await h.arrive(await consent('instagram', organizationId, user.token));
    const setExpiry = (organizationId: string, days: number) =>
      h.ctx.dataSource.query(`UPDATE connections SET expires_at = now() + make_interval(days => $2) WHERE organization_id = $1`, [organizationId, days]);
    await setExpiry(due, 3);
    await setExpiry(later, 30);
    await setExpiry(revoked, 2);
    const before = await credentials(due, 'instagram');
    // The revoked one's token is no longer accepted by the provider.
    const revokedToken = (await credentials(revoked, 'instagram')).access_token!;
    standIns.instagram.standIn.accessTokens.splice(standIns.instagram.standIn.accessTokens.indexOf(revokedToken), 1);

    const outcome = await sweepConnections(h.ctx);
    expect(outcome.refreshed).toBeGreaterThanOrEqual(1);
    expect(outcome.failed).toBeGreaterThanOrEqual(1);
    const after = await credentials(due, 'instagram');
    expect(after.access_token).not.toBe(before.access_token);
    expect(Date.parse(after.expires_at!)).toBeGreaterThan(Date.now() + 50 * 24 * 3600_000);
    expect(await eventsOf(later)).toEqual(['organizations.connection.connected']);
    expect(await eventsOf(revoked)).toEqual(['organizations.connection.connected', 'organizations.connection.failed']);
  });
});

describe('deleting what holds connections', () => {
  const connectBoth = async (user: { token: string }, organizationId: string) => {
    for (const platform of ['x', 'linkedin'] as const) await h.arrive(await consent(platform, organizationId, user.token));
    return { x: (await credentials(organizationId, 'x')).access_token!, linkedin: (await credentials(organizationId, 'linkedin')).access_token! };
  };
  const connectedThenDisconnected = [
    'organizations.connection.connected',
    'organizations.connection.connected',
    'organizations.connection.disconnected',
    'organizations.connection.disconnected',
  ];

  it('an organization its owner deletes: each connection told of as disconnected and withdrawn at its provider', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    const tokens = await connectBoth(user, organizationId);
    expect((await h.send('DELETE', `/organizations/${organizationId}`, { token: user.token })).json()).toEqual({ success: true });
    expect(standIns.x.standIn.hasAccessToken(tokens.x)).toBe(false);
    expect(standIns.linkedin.standIn.hasAccessToken(tokens.linkedin)).toBe(false);
    expect(await eventsOf(organizationId)).toEqual(connectedThenDisconnected);
    expect(await rowOf(organizationId)).toBe('');
  });

  it('a deleted user’s organizations: the same for every connection of each', async () => {
    const user = await owner();
    const organizationIds = [await organizationOf(user), await organizationOf(user)];
    const tokens = [await connectBoth(user, organizationIds[0]!), await connectBoth(user, organizationIds[1]!)];
    await publishEvent(h.ctx, 'auth.user.deleted', { userId: user.id, email: `${user.id}@example.com` });
    await expect.poll(() => tokens.some((t) => standIns.x.standIn.hasAccessToken(t.x) || standIns.linkedin.standIn.hasAccessToken(t.linkedin)), { timeout: 10_000 }).toBe(false);
    for (const organizationId of organizationIds) expect(await eventsOf(organizationId)).toEqual(connectedThenDisconnected);
  });
});

describe('OAuth state and callback refusals', () => {
  it('refuses a tampered state and a replayed one; the genuine one works once', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    const callback = new URL(await consent('tiktok', organizationId, user.token));
    const state = callback.searchParams.get('state')!;
    const [nonce, mac] = state.split('.') as [string, string];

    for (const forged of [`${nonce.slice(0, -1)}${nonce.endsWith('A') ? 'B' : 'A'}.${mac}`, `${nonce}.${mac.slice(0, -2)}xx`, nonce]) {
      const tampered = new URL(callback);
      tampered.searchParams.set('state', forged);
      expect((await h.arrive(tampered.toString())).location).toBe(`${APP_URL}/oauth/error?platform=tiktok&error=invalid_state`);
    }
    // The same state presented at another platform's callback is not valid there.
    const elsewhere = new URL(callback.toString().replace('/oauth/tiktok/', '/oauth/x/'));
    expect((await h.arrive(elsewhere.toString())).location).toBe(`${APP_URL}/oauth/error?platform=x&error=invalid_state`);

    expect((await h.arrive(callback.toString())).location).toBe(`${APP_URL}/oauth/success?platform=tiktok`);
    expect((await h.arrive(callback.toString())).location).toBe(`${APP_URL}/oauth/error?platform=tiktok&error=invalid_state`);
  });

  it('TikTok redeems a code only with its PKCE verifier (S256, base64url), as its token endpoint does', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    const { standIn, env } = standIns.tiktok;
    const redeem = async (verifier?: string) => {
      const code = new URL(await consent('tiktok', organizationId, user.token)).searchParams.get('code')!;
      const form = { client_key: env.TIKTOK_CLIENT_KEY!, client_secret: env.TIKTOK_CLIENT_SECRET!, code, grant_type: 'authorization_code', redirect_uri: `${APP_URL}/api/oauth/tiktok/callback` };
      const res = await fetch(`${standIn.url}/v2/oauth/token/`, { method: 'POST', body: new URLSearchParams(verifier === undefined ? form : { ...form, code_verifier: verifier }) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect(await redeem()).toMatchObject({ status: 400, body: { error: 'invalid_request', error_description: 'Code verifier or code challenge is invalid.' } });
    // The verifier the service made is kept in the state; any other, however well formed, is refused.
    expect((await redeem('a'.repeat(64))).status).toBe(400);
  });

  it('answers missing_code, missing_state, the provider’s refusal in the spec’s words (never the query’s text), and organization_not_found', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    const callback = new URL(await consent('linkedin', organizationId, user.token));
    const code = callback.searchParams.get('code')!;
    const state = callback.searchParams.get('state')!;
    const at = (query: string) => h.send('GET', `/oauth/linkedin/callback?${query}`);
    expect((await at(`state=${state}`)).location).toBe(`${APP_URL}/oauth/error?platform=linkedin&error=missing_code`);
    expect((await at(`code=${code}`)).location).toBe(`${APP_URL}/oauth/error?platform=linkedin&error=missing_state`);
    // The provider's refusal in RFC 6749's words for its code: the page shows no text of the query, which anyone can write.
    const refused = new URL((await at(`error=user_cancelled_login&error_description=Call+0800-SCAM+now&state=${state}`)).location!);
    expect(`${refused.origin}${refused.pathname}`).toBe(`${APP_URL}/oauth/error`);
    expect(refused.searchParams.get('error')).toBe(OAUTH_PROVIDER_ERRORS.access_denied);
    expect(refused.href).not.toMatch(/SCAM|user_cancelled/);
    const unknown = new URL((await at(`error=Call+0800-SCAM+now&state=${state}`)).location!);
    expect([unknown.searchParams.get('error'), unknown.href.includes('SCAM')]).toEqual(['Unknown error', false]);

    expect((await h.send('DELETE', `/organizations/${organizationId}`, { token: user.token })).status).toBe(200);
    expect((await h.arrive(callback.toString())).location).toBe(`${APP_URL}/oauth/error?platform=linkedin&error=organization_not_found`);
  });

  it('passes the provider’s refusal of a code through as the error, and records the failure', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    const callback = new URL(await consent('youtube', organizationId, user.token));
    // The code was already redeemed (by someone who intercepted it): the provider refuses the exchange.
    expect(standIns.youtube.standIn.redeemCode(callback.searchParams.get('code')!, `${APP_URL}/api/oauth/youtube/callback`)).toBe(true);
    const done = await h.arrive(callback.toString());
    expect(done.location).toBe(
      `${APP_URL}/oauth/error?platform=youtube&error=${new URLSearchParams({ e: 'The authorization code is invalid, expired, used or was issued to another redirect URI.' }).toString().slice(2)}`,
    );
    expect(await eventsOf(organizationId)).toEqual(['organizations.connection.failed']);
  });

  it('still lands the popup on the error page (Unknown error) when something unexpected fails', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    const callback = new URL(await consent('x', organizationId, user.token));
    const nonce = callback.searchParams.get('state')!.split('.')[0]!;
    await h.ctx.redis.set(`oauth_state:${nonce}`, 'not json');
    const done = await h.arrive(callback.toString());
    expect(done.location).toBe(`${APP_URL}/oauth/error?platform=x&error=Unknown+error`);
  });

  it('marks a connection whose refresh the provider refuses as expired and asks to reconnect', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    await h.arrive(await consent('threads', organizationId, user.token));
    await h.ctx.dataSource.query(`UPDATE connections SET expires_at = now() - interval '1 minute' WHERE organization_id = $1`, [organizationId]);
    standIns.threads.standIn.refuseRefresh = true;
    try {
      const refused = await credentials(organizationId, 'threads').catch((e: unknown) => e);
      expect(refused).toMatchObject({ statusCode: 409, message: 'The Threads connection has expired. Please connect it again.' });
      const listed = await h.send('GET', `/oauth/connections?organization_id=${organizationId}`, { token: user.token });
      expect(listed.json().platforms.THREADS).toMatchObject({ is_connected: false, status: 'expired' });
      expect(await eventsOf(organizationId)).toEqual(['organizations.connection.connected', 'organizations.connection.failed']);
    } finally {
      standIns.threads.standIn.refuseRefresh = false;
    }
  });

  it('keeps a connection whose provider cannot be reached or fails on its side, and refreshes it once the provider is back', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    const platforms = ['linkedin', 'x', 'youtube'] as const;
    for (const platform of platforms) await h.arrive(await consent(platform, organizationId, user.token));
    await h.ctx.dataSource.query(`UPDATE connections SET expires_at = now() - interval '1 minute' WHERE organization_id = $1`, [organizationId]);

    // LinkedIn's token endpoint answers 503; X and Google are out of reach.
    standIns.linkedin.standIn.unavailable = true;
    try {
      const dead = await deadUrl();
      const cut = { ...h.ctx, adapters: { ...h.ctx.adapters, providers: providersFrom(connectionConfigSchema.parse({ ...h.ctx.config, X_API_URL: dead, YOUTUBE_TOKEN_URL: `${dead}/token` })) } };
      for (const platform of platforms) {
        const refused = await connectionCredentials(cut, organizationId, platform).catch((e: unknown) => e);
        expect({ platform, refused }).toMatchObject({ platform, refused: { statusCode: 503, message: `${PLATFORM_DISPLAY_NAMES[platform]} could not be reached. Please try again in a moment.` } });
      }
      const refreshed = await h.send('POST', '/oauth/linkedin/refresh', { token: user.token, payload: { organization_id: organizationId } });
      expect([refreshed.status, refreshed.json().message]).toEqual([503, 'LinkedIn could not be reached. Please try again in a moment.']);
    } finally {
      standIns.linkedin.standIn.unavailable = false;
    }
    const listed = (await h.send('GET', `/oauth/connections?organization_id=${organizationId}`, { token: user.token })).json().platforms;
    for (const platform of platforms) expect(listed[platform.toUpperCase()]).toMatchObject({ is_connected: true, status: 'connected' });
    for (const platform of platforms) expect(standIns[platform].standIn.hasAccessToken((await credentials(organizationId, platform)).access_token)).toBe(true);
    expect((await eventsOf(organizationId)).filter((s) => s !== 'organizations.connection.connected')).toEqual([
      'organizations.connection.refreshed',
      'organizations.connection.refreshed',
      'organizations.connection.refreshed',
    ]);
  });

  it('refreshes on demand through POST /oauth/{platform}/refresh', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    await h.arrive(await consent('x', organizationId, user.token));
    const before = await credentials(organizationId, 'x');
    const refreshed = await h.send('POST', '/oauth/x/refresh', { token: user.token, payload: { organization_id: organizationId } });
    expect(refreshed.json()).toMatchObject({ success: true, connection: { is_connected: true, platform: 'x' } });
    expect((await credentials(organizationId, 'x')).access_token).not.toBe(before.access_token);
  });
});

describe('Telegram channel through the Bot API', () => {
  it('connects a channel where the bot may post, by @username or numeric id', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    const connected = await h.send('POST', '/oauth/telegram/connect_channel', { token: user.token, payload: { organization_id: organizationId, channel_identifier: '  @good_channel ' } });
    expect(connected.json()).toEqual({
      status: 'success',
      message: 'Successfully connected to Telegram',
      channel_info: { id: '-1001234567890', title: 'Good Channel', username: 'good_channel' },
      error: null,
    });
    const creds = await credentials(organizationId, 'telegram');
    expect(creds).toMatchObject({ access_token: BOT_TOKEN, specific_data: { id: '-1001234567890', name: 'Good Channel', username: 'good_channel' } });
    expect(await rowOf(organizationId)).not.toContain(BOT_TOKEN);

    const other = await h.send('POST', '/oauth/telegram/connect_channel', { token: user.token, payload: { organization_id: organizationId, channel_identifier: '-1009876543210' } });
    expect(other.status).toBe(409);
    expect(other.json().message).toBe('A Telegram channel can only be changed by disconnecting and reconnecting.');
    await h.send('POST', '/oauth/telegram/disconnect', { token: user.token, payload: { organization_id: organizationId } });
    const privateOne = await h.send('POST', '/oauth/telegram/connect_channel', { token: user.token, payload: { organization_id: organizationId, channel_identifier: '-1009876543210' } });
    expect(privateOne.json().channel_info).toEqual({ id: '-1009876543210', title: 'Private Channel', username: null });
  });

  it('refuses with the spec’s messages: no identifier, unknown channel, bot without post permission', async () => {
    const user = await owner();
    const organizationId = await organizationOf(user);
    const connect = (channel_identifier: string) => h.send('POST', '/oauth/telegram/connect_channel', { token: user.token, payload: { organization_id: organizationId, channel_identifier } });
    const blank = await connect('   ');
    expect(blank.status).toBe(400);
    expect(blank.json().message).toBe('Please enter your Telegram channel identifier.');
    for (const identifier of ['@missing_channel', '@readonly_channel', 'not a channel!']) {
      const refused = await connect(identifier);
      expect(refused.status).toBe(400);
      expect(refused.json().message).toBe('Verification failed. Please check the identifier and bot permissions.');
    }
  });
});

describe('who may connect', () => {
  it('gives another user 404 on every organization-scoped route with the first user’s real connections, and changes nothing', async () => {
    const first = await owner();
    const organizationId = await organizationOf(first);
    for (const platform of ['facebook', 'x'] as const) await h.arrive(await consent(platform, organizationId, first.token));
    await h.send('POST', '/oauth/facebook/page', { token: first.token, payload: { organization_id: organizationId, page_id: '1001' } });
    const templates = [];
    for (const template_name of ['One', 'Two']) templates.push((await h.send('POST', `/organizations/${organizationId}/templates`, { token: first.token, payload: { template_name } })).json().id);
    const stranger = await owner();
    const before = await organizationState(h.ctx.dataSource, organizationId);
    const revokedBefore = standIns.x.standIn.revoked.size;

    for (const { method, url, payload } of organizationScopedRoutes(organizationId, templates[0], templates[1])) {
      const res = await h.send(method, url, { token: stranger.token, ...(payload && { payload }) });
      expect({ method, url, status: res.status }).toEqual({ method, url, status: 404 });
    }
    expect(await organizationState(h.ctx.dataSource, organizationId)).toEqual(before);
    expect(standIns.x.standIn.revoked.size).toBe(revokedBefore);
    const still = await h.send('GET', `/oauth/connections?organization_id=${organizationId}`, { token: first.token });
    expect(still.json().platforms.FACEBOOK).toMatchObject({ is_connected: true, specific_data: { page_id: '1001' } });
  });

  it('needs a signed-in caller with a verified e-mail and an active organization', async () => {
    expect((await h.send('POST', '/oauth/x/authorize', { payload: { organization_id: randomUUID() } })).status).toBe(401);
    const user = await owner();
    const organizationId = await organizationOf(user);
    const unverified = await h.ctx.keys.sign({ sub: user.id, role: 'advanced', email_verified: false });
    const refused = await h.send('POST', '/oauth/x/authorize', { token: unverified, payload: { organization_id: organizationId } });
    expect(refused.status).toBe(403);
    expect(refused.json().message).toBe('Please verify your email before configuring platforms');

    await h.send('PUT', `/organizations/${organizationId}/deactivate`, { token: user.token, payload: {} });
    const inactive = await h.send('POST', '/oauth/x/authorize', { token: user.token, payload: { organization_id: organizationId } });
    expect(inactive.status).toBe(403);
    expect(inactive.json().message).toBe('This account is inactive. Please activate it to configure.');

    const badPlatform = await h.send('POST', '/oauth/myspace/authorize', { token: user.token, payload: { organization_id: organizationId } });
    expect(badPlatform.status).toBe(400);
  });
});
