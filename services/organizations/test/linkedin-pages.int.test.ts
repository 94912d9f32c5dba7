import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionCredentials, ConnectionCredentialsBatch } from '@planner/contracts';
import { connectionConfigSchema } from '../src/adapters/config.js';
import { linkedinProvider } from '../src/adapters/linkedin.js';
import { APP_URL, consentAt, newOrganization, signedIn, startConnectionsHarness, type ConnectionsHarness } from './oauth-harness.js';
import { organizationState } from './org-scoped-routes.js';
import { LINKEDIN_AGENCY_PAGES, startLinkedInStandIn, type PlatformStandIn } from './stand-ins/platforms.js';

let h: ConnectionsHarness;
let linkedin: PlatformStandIn;

beforeAll(async () => {
  linkedin = await startLinkedInStandIn();
  h = await startConnectionsHarness({ ...linkedin.env, LINKEDIN_ORGANIZATION_PAGES: 'true' });
});

afterAll(async () => {
  await h?.close();
  await linkedin?.standIn.close();
});

/** A verified owner's organization with LinkedIn connected through the popup, against the stand-in. */
async function connected(): Promise<{ token: string; organizationId: string }> {
  const user = await signedIn(h);
  const organizationId = await newOrganization(h, user);
  expect((await h.arrive(await consentAt(h, linkedin, organizationId, user.token))).location).toBe(`${APP_URL}/oauth/success?platform=linkedin`);
  return { token: user.token, organizationId };
}

const pagesOf = (token: string, organizationId: string) => h.send('GET', `/oauth/linkedin/pages?organization_id=${organizationId}`, { token });
const choose = (token: string, organizationId: string, pageId: string | null) =>
  h.send('POST', '/oauth/linkedin/page', { token, payload: { organization_id: organizationId, page_id: pageId } });
/** What the scheduler is handed for a post: organizations.connection.credentials over NATS. */
const credentials = (organizationId: string) => h.ctx.bus.request<ConnectionCredentials>('organizations.connection.credentials', { organization_id: organizationId, platform: 'linkedin' });
const userToken = async (organizationId: string) => (await credentials(organizationId)).access_token!;

/** The service as restarted with LINKEDIN_ORGANIZATION_PAGES set to `on`, for the length of `run`. */
async function withPagesSetting(on: boolean, run: () => Promise<void>): Promise<void> {
  const { oauth } = h.ctx.adapters.providers;
  const started = oauth.linkedin;
  oauth.linkedin = linkedinProvider(connectionConfigSchema.parse({ NODE_ENV: 'test', ...linkedin.env, LINKEDIN_ORGANIZATION_PAGES: String(on) }));
  try {
    await run();
  } finally {
    oauth.linkedin = started;
  }
}

describe('posting as a LinkedIn page (LINKEDIN_ORGANIZATION_PAGES=true)', () => {
  it('asks for the page scopes, lists the pages the member may post as, saves one for the scheduler, and goes back to the member', async () => {
    const { token, organizationId } = await connected();
    const authorize = await h.send('POST', '/oauth/linkedin/authorize', { token, payload: { organization_id: organizationId } });
    expect(new URL(authorize.json().redirect_url).searchParams.get('scope')).toBe(
      'openid profile email w_member_social w_organization_social r_organization_social rw_organization_admin',
    );

    // ADMINISTRATOR (held twice, listed once), CONTENT_ADMINISTRATOR, DIRECT_SPONSORED_CONTENT_POSTER; not ANALYST nor a REQUESTED role.
    const pages = await pagesOf(token, organizationId);
    expect([pages.status, pages.json()]).toEqual([
      200,
      {
        pages: [
          { id: '2414183', name: 'Stand-in Company' },
          { id: '5515715', name: 'Stand-in Brand' },
          { id: '6616616', name: 'Stand-in Ads' },
        ],
      },
    ]);
    expect((await credentials(organizationId)).specific_data).toEqual({ user_name: 'Stand-in Member', organization_name: null, person_id: 'lnk-123' });

    const saved = await choose(token, organizationId, '5515715');
    expect([saved.status, saved.json()]).toEqual([
      200,
      {
        success: true,
        message: 'LinkedIn page successfully saved',
        connection: expect.objectContaining({ specific_data: { user_name: 'Stand-in Member', organization_name: 'Stand-in Brand' }, url: 'https://www.linkedin.com/company/5515715/' }),
      },
    ]);
    // The scheduler posts as urn:li:organization:{organization_id}, by the single request and by the batch.
    expect((await credentials(organizationId)).specific_data).toEqual({ user_name: 'Stand-in Member', organization_name: 'Stand-in Brand', organization_id: '5515715', person_id: 'lnk-123' });
    const batch = await h.ctx.bus.request<ConnectionCredentialsBatch>('organizations.connection.credentials_batch', { items: [{ organization_id: organizationId, platform: 'linkedin' }] });
    expect(batch.items[0]).toMatchObject({ credentials: { specific_data: { organization_id: '5515715' } }, organization_active: true });
    const listed = await h.send('GET', `/oauth/connections?organization_id=${organizationId}`, { token });
    expect(listed.json().platforms.LINKEDIN.specific_data).toEqual({ user_name: 'Stand-in Member', organization_name: 'Stand-in Brand' });

    // A refreshed token keeps its scopes: the pages are still there.
    expect((await h.send('POST', '/oauth/linkedin/refresh', { token, payload: { organization_id: organizationId } })).status).toBe(200);
    expect((await pagesOf(token, organizationId)).json().pages).toHaveLength(3);

    for (const back of [null, '']) {
      await choose(token, organizationId, '2414183');
      const member = await choose(token, organizationId, back);
      expect(member.json()).toMatchObject({ success: true, connection: { specific_data: { user_name: 'Stand-in Member', organization_name: null }, url: null } });
      expect((await credentials(organizationId)).specific_data).toEqual({ user_name: 'Stand-in Member', organization_name: null, person_id: 'lnk-123' });
    }
  });

  it('stores the expiry LinkedIn names (expires_in, 60 days), lists it, and a reconnect renews the same connection', async () => {
    const { token, organizationId } = await connected();
    const connectionRow = async () =>
      (await h.ctx.dataSource.query<Array<{ id: string; expires_at: Date }>>(`SELECT id, expires_at FROM connections WHERE organization_id = $1 AND platform = 'linkedin'`, [organizationId]))[0]!;
    const first = await connectionRow();
    expect(Math.abs(first.expires_at.getTime() - (Date.now() + 5_184_000_000))).toBeLessThan(60_000);
    const listed = await h.send('GET', `/oauth/connections?organization_id=${organizationId}`, { token });
    expect(listed.json().platforms.LINKEDIN.expires_at).toBe(first.expires_at.toISOString());
    expect(JSON.stringify(listed.json())).not.toContain(await userToken(organizationId));

    // Days before it runs out, the owner connects again: the same row (the scheduler's posts name the organization and platform), a new expiry.
    await h.ctx.dataSource.query(`UPDATE connections SET expires_at = now() + interval '1 day' WHERE id = $1`, [first.id]);
    expect((await h.arrive(await consentAt(h, linkedin, organizationId, token))).location).toBe(`${APP_URL}/oauth/success?platform=linkedin`);
    const renewed = await connectionRow();
    expect(renewed.id).toBe(first.id);
    expect(renewed.expires_at.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    expect((await h.ctx.dataSource.query(`SELECT count(*)::int AS n FROM connections WHERE organization_id = $1`, [organizationId]))[0].n).toBe(1);
  });

  it('a reconnect of the same member keeps the page chosen: the page’s scheduled posts do not go out on the member’s profile', async () => {
    const { token, organizationId } = await connected();
    expect((await choose(token, organizationId, '5515715')).status).toBe(200);
    expect((await h.arrive(await consentAt(h, linkedin, organizationId, token))).location).toBe(`${APP_URL}/oauth/success?platform=linkedin`);
    expect((await credentials(organizationId)).specific_data).toEqual({ user_name: 'Stand-in Member', organization_name: 'Stand-in Brand', organization_id: '5515715', person_id: 'lnk-123' });
    const listed = await h.send('GET', `/oauth/connections?organization_id=${organizationId}`, { token });
    expect(listed.json().platforms.LINKEDIN).toMatchObject({ specific_data: { organization_name: 'Stand-in Brand' }, url: 'https://www.linkedin.com/company/5515715/' });
  });

  it('refuses a page the member may not post as, and keeps the page chosen', async () => {
    const { token, organizationId } = await connected();
    await choose(token, organizationId, '2414183');
    // 7717717: ANALYST; 8818818: ADMINISTRATOR requested, not approved; 999: no role at all.
    for (const pageId of ['7717717', '8818818', '999']) {
      const refused = await choose(token, organizationId, pageId);
      expect([refused.status, refused.json().message]).toEqual([400, 'Failed to save LinkedIn page: this LinkedIn account may not post as that page']);
    }
    expect((await credentials(organizationId)).specific_data).toMatchObject({ organization_id: '2414183', organization_name: 'Stand-in Company' });
  });

  it('lists a member’s roles across the ACL finder’s pages (100 a call), each page once', async () => {
    const { token, organizationId } = await connected();
    const roles = LINKEDIN_AGENCY_PAGES.flatMap((page, n) => [
      { organization: page.id, role: n % 2 ? 'CONTENT_ADMINISTRATOR' : 'ADMINISTRATOR', state: 'APPROVED' },
      ...(n % 3 ? [] : [{ organization: page.id, role: 'ANALYST', state: 'APPROVED' }]),
    ]);
    linkedin.linkedinRoles!.set(await userToken(organizationId), roles);
    expect((await pagesOf(token, organizationId)).json().pages).toEqual(LINKEDIN_AGENCY_PAGES);
    const last = LINKEDIN_AGENCY_PAGES.at(-1)!;
    expect((await choose(token, organizationId, last.id)).json().connection.specific_data.organization_name).toBe(last.name);
  });

  it('answers no pages with a notice, and LinkedIn refusing the token with Facebook’s kind of messages', async () => {
    const { token, organizationId } = await connected();
    const memberToken = await userToken(organizationId);
    linkedin.linkedinRoles!.set(memberToken, []);
    expect((await pagesOf(token, organizationId)).json()).toEqual({ pages: [], message: 'No LinkedIn pages found for this account' });
    expect((await choose(token, organizationId, '2414183')).status).toBe(400);

    // LinkedIn no longer takes the member's token.
    linkedin.standIn.revoke(memberToken);
    const failed = await pagesOf(token, organizationId);
    expect([failed.status, failed.json().message]).toEqual([502, 'Failed to load LinkedIn pages']);
    const notSaved = await choose(token, organizationId, '2414183');
    expect([notSaved.status, notSaved.json().message]).toEqual([502, 'Failed to save LinkedIn page']);
    expect((await choose(token, organizationId, null)).status).toBe(200);
  });

  it('says so when the page scopes are missing: the setting off, or a connection made before it was on', async () => {
    const user = await signedIn(h);
    const organizationId = await newOrganization(h, user);
    await withPagesSetting(false, async () => {
      await h.arrive(await consentAt(h, linkedin, organizationId, user.token));
      for (const refused of [await pagesOf(user.token, organizationId), await choose(user.token, organizationId, '2414183')]) {
        expect([refused.status, refused.json().message]).toEqual([400, 'Posting as a LinkedIn page is not enabled on this server.']);
      }
      expect((await choose(user.token, organizationId, null)).status).toBe(200);
    });
    expect(linkedin.standIn.scopesOf(await userToken(organizationId))).toEqual(['openid', 'profile', 'email', 'w_member_social']);

    // The setting is on now, but this connection's token was granted without the page scopes.
    const notGranted = await pagesOf(user.token, organizationId);
    expect([notGranted.status, notGranted.json().message]).toEqual([400, 'This LinkedIn connection may not post as a page. Please connect LinkedIn again to allow it.']);
    await h.arrive(await consentAt(h, linkedin, organizationId, user.token));
    expect((await pagesOf(user.token, organizationId)).json().pages).toHaveLength(3);
  });

  it('answers 404 when LinkedIn is not connected, and needs what connecting needs to choose', async () => {
    const user = await signedIn(h);
    const organizationId = await newOrganization(h, user);
    for (const missing of [await pagesOf(user.token, organizationId), await choose(user.token, organizationId, '2414183')]) {
      expect([missing.status, missing.json().message]).toEqual([404, 'LinkedIn is not connected.']);
    }
    expect((await h.send('GET', `/oauth/linkedin/pages?organization_id=${organizationId}`)).status).toBe(401);
    const unverified = await h.ctx.keys.sign({ sub: user.id, role: 'advanced', email_verified: false });
    const refused = await choose(unverified, organizationId, '2414183');
    expect([refused.status, refused.json().message]).toEqual([403, 'Please verify your email before configuring platforms']);
  });
});

describe('tenant isolation of the LinkedIn page routes', () => {
  it('gives another user 404 with the owner’s organization, lists nothing, and changes nothing', async () => {
    const { token, organizationId } = await connected();
    await choose(token, organizationId, '5515715');
    const stranger = await signedIn(h);
    await newOrganization(h, stranger);
    const before = await organizationState(h.ctx.dataSource, organizationId);
    for (const res of [await pagesOf(stranger.token, organizationId), await choose(stranger.token, organizationId, '2414183'), await choose(stranger.token, organizationId, null)]) {
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.json())).not.toContain('Stand-in');
    }
    expect(await organizationState(h.ctx.dataSource, organizationId)).toEqual(before);
    expect((await credentials(organizationId)).specific_data).toMatchObject({ organization_id: '5515715' });
  });
});
