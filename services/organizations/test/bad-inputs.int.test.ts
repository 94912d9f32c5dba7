import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONNECTION_CREDENTIALS_SUBJECT, CONNECTION_PLATFORMS, OrganizationRequests } from '@planner/contracts';
import { bearer } from '@planner/service-kit/testing';
import { registered, useOrganizations } from './harness.js';
import { organizationState } from './org-scoped-routes.js';

const h = useOrganizations();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A JSON payload, or a raw body sent as JSON as it is (not valid JSON, or not an object). */
type Body = object | { raw: string };
/** A request, the status it must get, and the message where the spec (or the contract) words it. */
type Row = [method: Method, url: string, body: Body | undefined, status: number, message?: string];

const NUL = 'nul\u0000here';
/** Half a surrogate pair: JSON escapes it, jsonb (the event record) refuses it (issue 28). */
const LONE_SURROGATE = 'x\ud800y';
const LONE_SURROGATE_MESSAGE = 'Text cannot contain a lone surrogate (an unpaired U+D800–U+DFFF).';
const NOT_OBJECTS: Body[] = [{ raw: '[]' }, { raw: '"text"' }, { raw: 'null' }, { raw: '42' }];
const NOT_JSON: Body = { raw: '{"name":' };
/** Path ids that name nothing: malformed, injected, NUL; each is 404 like an organization of someone else. */
const BAD_PATH_IDS = ['not-an-id', '12345', `${randomUUID()}x`, "x'%20OR%20'1'%3D'1", '%00'];
/** organization_id values in a body that are no organization id. */
const BAD_ORGANIZATION_IDS: unknown[] = ['not-an-id', '', 42, null, true, [], {}, "x' OR '1'='1", '\u0000'];
const NO_ORGANIZATION = 'No organization selected.';

async function send(method: Method, url: string, body: Body | undefined, headers: Record<string, string>) {
  if (body && 'raw' in body) return h.api.send({ method, url, redirect: 'manual', body: body.raw as string, headers: { ...headers, 'content-type': 'application/json' } });
  return h.api.send({ method, url, redirect: 'manual', headers, ...(body && { payload: body }) });
}

/** Each row answered with its status and a clear message (its own where given), never a 500 or a stack. */
async function expectRefused(rows: Row[], headers: Record<string, string>): Promise<void> {
  expect(rows.length).toBeGreaterThan(0);
  for (const [method, url, body, status, message] of rows) {
    const res = await send(method, url, body, headers);
    const answer = res.json();
    const request = `${method} ${url} ${JSON.stringify(body ?? null)}`;
    expect({ request, status: res.statusCode }).toEqual({ request, status });
    expect(typeof answer.message === 'string' && answer.message.length > 0, request).toBe(true);
    if (message !== undefined) expect({ request, message: answer.message }).toEqual({ request, message });
    expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  }
}

async function owner() {
  const user = await registered(h.ctx, 'pro');
  const headers = bearer(user.token);
  const org: string = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Probed' }, headers })).json().id;
  const template: string = (await h.api.send({ method: 'POST', url: `/organizations/${org}/templates`, payload: { template_name: 'Probed' }, headers })).json().id;
  return { headers, org, template };
}

describe('bad input gets a 4xx with a clear message, never a 500, and changes nothing', () => {
  it('organizations: create, read, update, delete, activate, deactivate and the composite reads', async () => {
    const { headers, org } = await owner();
    const before = await organizationState(h.ctx.dataSource, org);
    const path = `/organizations/${org}`;
    await expectRefused(
      [
        ...[...NOT_OBJECTS, NOT_JSON].map((body): Row => ['POST', '/organizations', body, 400]),
        ['POST', '/organizations', {}, 400, 'Please enter an account name.'],
        ['POST', '/organizations', { name: 5 }, 400, 'Please enter an account name.'],
        ['POST', '/organizations', { name: null }, 400, 'Please enter an account name.'],
        ['POST', '/organizations', { name: 'a'.repeat(201) }, 400],
        ['POST', '/organizations', { name: NUL }, 400, 'Text cannot contain the NUL character (U+0000).'],
        ['POST', '/organizations', { name: LONE_SURROGATE }, 400, LONE_SURROGATE_MESSAGE],
        ...BAD_PATH_IDS.flatMap((id): Row[] => [
          ['GET', `/organizations/${id}`, undefined, 404],
          ['PUT', `/organizations/${id}`, { name: 'x' }, 404],
          ['DELETE', `/organizations/${id}`, undefined, 404],
          ['PUT', `/organizations/${id}/activate`, undefined, 404],
          ['PUT', `/organizations/${id}/deactivate`, {}, 404],
          ...['config', 'designer-data', 'calendar-data', 'autopost-data', 'statistics-data', 'statistics'].map((page): Row => ['GET', `/organizations/${id}/${page}`, undefined, 404]),
          ['POST', `/organizations/${id}/statistics`, undefined, 404],
          ['POST', `/organizations/${id}/statistics/refresh`, undefined, 404],
        ]),
        // A long id is simply unknown; longer than the router takes for a path part (500) is 414.
        ['GET', `/organizations/${'a'.repeat(300)}`, undefined, 404],
        ['GET', `/organizations/${'a'.repeat(600)}`, undefined, 414],
        ...[...NOT_OBJECTS, NOT_JSON].map((body): Row => ['PUT', path, body, 400]),
        ['PUT', path, {}, 400, 'Please change one setting at a time: name, language, default_before_post_review_time or timezone.'],
        ['PUT', path, { name: 5 }, 400, 'Please enter an account name.'],
        ['PUT', path, { name: NUL }, 400, 'Text cannot contain the NUL character (U+0000).'],
        ['PUT', path, { name: LONE_SURROGATE }, 400, LONE_SURROGATE_MESSAGE],
        ['PUT', path, { language: 5 }, 400, 'Please choose one of the offered languages.'],
        ...['90', 1.5, 1e30, null, -5, [], {}].map((value): Row => ['PUT', path, { default_before_post_review_time: value }, 400, 'Please enter a valid positive number.']),
        ['PUT', `${path}/deactivate`, { reason: 5 }, 400],
        ['PUT', `${path}/deactivate`, { reason: NUL }, 400, 'Text cannot contain the NUL character (U+0000).'],
        ['PUT', `${path}/deactivate`, { reason: LONE_SURROGATE }, 400, LONE_SURROGATE_MESSAGE],
        ['PUT', `${path}/deactivate`, { reason: 'r'.repeat(501) }, 400],
        ...[...NOT_OBJECTS, NOT_JSON].map((body): Row => ['PUT', `${path}/deactivate`, body, 400]),
      ],
      headers,
    );
    expect(await organizationState(h.ctx.dataSource, org)).toEqual(before);
  });

  it('templates', async () => {
    const { headers, org, template } = await owner();
    const before = await organizationState(h.ctx.dataSource, org);
    const base = `/organizations/${org}/templates`;
    const nul = 'Text cannot contain the NUL character (U+0000).';
    await expectRefused(
      [
        ...BAD_PATH_IDS.flatMap((id): Row[] => [
          ['GET', `/organizations/${id}/templates`, undefined, 404],
          ['POST', `/organizations/${id}/templates`, { template_name: 'x' }, 404],
          ['GET', `${base}/${id}`, undefined, 404],
          ['PUT', `${base}/${id}`, { data: 'x' }, 404],
          ['DELETE', `${base}/${id}`, undefined, 404],
          ['POST', `${base}/${id}/set-default`, undefined, 404],
        ]),
        ...[...NOT_OBJECTS, NOT_JSON].flatMap((body): Row[] => [
          ['POST', base, body, 400],
          ['PUT', `${base}/${template}`, body, 400],
        ]),
        ['POST', base, {}, 400, 'Template name is required'],
        ['POST', base, { template_name: 5 }, 400, 'Template name is required'],
        ['POST', base, { template_name: '   ' }, 400, 'Template name is required'],
        ['PUT', `${base}/${template}`, { template_name: '' }, 400, 'Template name is required'],
        ['POST', base, { template_name: NUL }, 400, nul],
        ...['data', 'topic', 'context', 'time_of_year', 'event_details'].flatMap((field): Row[] => [
          ['POST', base, { template_name: 'T', [field]: NUL }, 400, nul],
          ['PUT', `${base}/${template}`, { [field]: NUL }, 400, nul],
          ['POST', base, { template_name: 'T', [field]: 5 }, 400],
        ]),
        ['POST', base, { template_name: 'T', character_limit: 'abc' }, 400, 'Character limit must be a whole number from 1 to 5000.'],
        ['POST', base, { template_name: 'T', character_limit: 0 }, 400, 'Character limit must be a whole number from 1 to 5000.'],
        ['POST', base, { template_name: 'T', character_limit: 5001 }, 400, 'Character limit must be a whole number from 1 to 5000.'],
        ['PUT', `${base}/${template}`, { target_character_count: [] }, 400, 'Target character count must be a whole number from 1 to 5000.'],
        ['POST', base, { template_name: 'T', character_limit: 10, target_character_count: 20 }, 400, 'Target character count cannot exceed character limit'],
        ['POST', base, { template_name: 'T', tone: 'angry' }, 400, 'Please choose one of the offered values for tone.'],
        ['POST', base, { template_name: 'T', mood: 5 }, 400, 'Please choose one of the offered values for mood.'],
        ['POST', base, { template_name: 'T', content_type: {} }, 400, 'Please choose one of the offered values for content_type.'],
        ['POST', base, { template_name: 'T', language: 'xx' }, 400, 'Please choose one of the offered values for language.'],
        ['POST', base, { template_name: 'T', is_default: 'yes' }, 400],
      ],
      headers,
    );
    expect(await organizationState(h.ctx.dataSource, org)).toEqual(before);
  });

  it('platforms: the organization’s, their status, and the admin’s management', async () => {
    const { headers, org } = await owner();
    const admin = bearer(await h.ctx.keys.sign({ sub: randomUUID(), role: 'admin', email_verified: true }));
    const platforms = await h.api.send({ method: 'GET', url: '/platforms', headers: admin });
    await expectRefused(
      [
        ['GET', '/platforms/user', undefined, 400, NO_ORGANIZATION],
        ['GET', '/platforms/status?platform=X', undefined, 400, NO_ORGANIZATION],
        ...BAD_ORGANIZATION_IDS.flatMap((id): Row[] => [
          ['GET', `/platforms/user?organization_id=${encodeURIComponent(String(id))}`, undefined, 400, NO_ORGANIZATION],
          ['GET', `/platforms/status?platform=X&organization_id=${encodeURIComponent(String(id))}`, undefined, 400, NO_ORGANIZATION],
        ]),
        ['GET', `/platforms/user?organization_id=${org}&organization_id=${org}`, undefined, 400, NO_ORGANIZATION],
        ['GET', `/platforms/status?organization_id=${org}`, undefined, 400, 'Platform name is required'],
        ['GET', `/platforms/status?organization_id=${org}&platform=%20`, undefined, 400, 'Platform name is required'],
        ['GET', `/platforms/status?organization_id=${org}&platform=Myspace`, undefined, 404, "Platform 'Myspace' is not supported."],
        ['GET', `/platforms/status?organization_id=${org}&platform=%00`, undefined, 400, 'Text cannot contain the NUL character (U+0000).'],
      ],
      headers,
    );
    await expectRefused(
      [
        ...[...NOT_OBJECTS, NOT_JSON].map((body): Row => ['POST', '/platforms', body, 400]),
        ['POST', '/platforms', {}, 400, 'Platform name is required'],
        ['POST', '/platforms', { name: 5 }, 400, 'Platform name is required'],
        ['POST', '/platforms', { name: 'has space' }, 400, 'Platform name must contain only letters, numbers, and underscores (no spaces)'],
        ['POST', '/platforms', { name: NUL }, 400, 'Platform name must contain only letters, numbers, and underscores (no spaces)'],
        ...['gif', 5, '', [], ['text', 'gif']].map((media_types): Row => ['POST', '/platforms', { name: 'Probe', media_types }, 400, 'Media types must be among text, image, video, carousel, short and story.']),
        ...['10', 0, 1.5, null].map((limit): Row => ['POST', '/platforms', { name: 'Probe', default_daily_limit: limit }, 400, 'Default daily limit must be a whole number of at least 1.']),
        ['POST', '/platforms', { name: 'Probe', other_credentials: [] }, 400],
        ['POST', '/platforms', { name: 'Probe', other_credentials: 'x' }, 400],
        ['POST', '/platforms', { name: 'Probe', is_active: 'yes' }, 400],
        ...BAD_PATH_IDS.flatMap((id): Row[] => [
          ['PUT', `/platforms/${id}`, { name: 'Probe' }, 404],
          ['DELETE', `/platforms/${id}`, undefined, 404],
        ]),
      ],
      admin,
    );
    expect((await h.api.send({ method: 'GET', url: '/platforms', headers: admin })).json()).toEqual(platforms.json());
  });

  it('connections: every /oauth route, and the provider’s callback', async () => {
    const { headers, org } = await owner();
    const before = await organizationState(h.ctx.dataSource, org);
    const bodyRoutes = [
      ...CONNECTION_PLATFORMS.flatMap((p) => [`/oauth/${p}/sandbox`, `/oauth/${p}/disconnect`, `/oauth/${p}/refresh`]),
      ...CONNECTION_PLATFORMS.filter((p) => p !== 'telegram').map((p) => `/oauth/${p}/authorize`),
      '/oauth/facebook/page',
      '/oauth/linkedin/page',
      '/oauth/telegram/connect_channel',
      '/oauth/telegram/channel',
    ];
    const queryRoutes = ['/oauth/connections', '/oauth/x/authorize', '/oauth/instagram/authorize', '/oauth/facebook/pages', '/oauth/linkedin/pages', '/oauth/telegram/channels'];
    const valid = { organization_id: org };
    await expectRefused(
      [
        ...bodyRoutes.flatMap((url): Row[] => [
          ...[...NOT_OBJECTS, NOT_JSON].map((body): Row => ['POST', url, body, 400]),
          ['POST', url, {}, 400, NO_ORGANIZATION],
          ...BAD_ORGANIZATION_IDS.map((id): Row => ['POST', url, { organization_id: id, page_id: '1', channel_identifier: '@c', channel_id: '@c' }, 400, NO_ORGANIZATION]),
        ]),
        ...queryRoutes.flatMap((url): Row[] => [
          ['GET', url, undefined, 400, NO_ORGANIZATION],
          ...BAD_ORGANIZATION_IDS.map((id): Row => ['GET', `${url}?organization_id=${encodeURIComponent(String(id))}`, undefined, 400, NO_ORGANIZATION]),
        ]),
        ['POST', '/oauth/myspace/authorize', valid, 400],
        ['GET', `/oauth/myspace/authorize?organization_id=${org}`, undefined, 400],
        ['POST', '/oauth/telegram/authorize', valid, 400],
        ['POST', '/oauth/myspace/disconnect', valid, 400],
        ['POST', '/oauth/x/authorize', { ...valid, auth_code: 5 }, 400],
        ['POST', '/oauth/facebook/authorize', { ...valid, auth_code: 'c'.repeat(4097) }, 400],
        // Nothing connected: a clear 404 naming the platform.
        ['POST', '/oauth/x/disconnect', valid, 404, 'X is not connected.'],
        ['POST', '/oauth/tiktok/refresh', valid, 404, 'TikTok is not connected.'],
        ['GET', `/oauth/facebook/pages?organization_id=${org}`, undefined, 404, 'Facebook is not connected.'],
        ['POST', '/oauth/facebook/page', { ...valid, page_id: '1' }, 404, 'Facebook is not connected.'],
        ['POST', '/oauth/facebook/page', { ...valid, page_id: 5 }, 400],
        ['POST', '/oauth/facebook/page', { ...valid, page_id: 'p'.repeat(101) }, 400],
        ['GET', `/oauth/linkedin/pages?organization_id=${org}`, undefined, 404, 'LinkedIn is not connected.'],
        ['POST', '/oauth/linkedin/page', { ...valid, page_id: '2414183' }, 404, 'LinkedIn is not connected.'],
        ['POST', '/oauth/linkedin/page', { ...valid, page_id: 5 }, 400],
        ['POST', '/oauth/linkedin/page', { ...valid, page_id: ['2414183'] }, 400],
        ['POST', '/oauth/linkedin/page', { ...valid, page_id: 'p'.repeat(101) }, 400],
        ...[undefined, 5, null, '', '   '].flatMap((identifier): Row[] => [
          ['POST', '/oauth/telegram/connect_channel', { ...valid, channel_identifier: identifier }, 400, 'Please enter your Telegram channel identifier.'],
          ['POST', '/oauth/telegram/channel', { ...valid, channel_id: identifier }, 400, 'Please enter your Telegram channel identifier.'],
        ]),
        ['POST', '/oauth/telegram/connect_channel', { ...valid, channel_identifier: 'c'.repeat(201) }, 400, 'Verification failed. Please check the identifier and bot permissions.'],
        ['GET', '/oauth/x/callback?code=a&code=b&state=s', undefined, 400],
        ['GET', '/oauth/myspace/callback?code=a&state=s', undefined, 400],
      ],
      headers,
    );
    // A callback with a state nobody issued lands the popup on the error page, whatever the state holds.
    for (const state of ['%00', 'a.b.c', 'x'.repeat(2000), "'%20OR%201%3D1"]) {
      const res = await send('GET', `/oauth/x/callback?code=a&state=${state}`, undefined, {});
      expect(res.statusCode).toBe(302);
      expect(res.headers.get('location')).toMatch(/\/oauth\/error\?platform=x&error=invalid_state$/);
    }
    expect(await organizationState(h.ctx.dataSource, org)).toEqual(before);
  });

  it('requests from other services over NATS: a 400 or 404 answer, never a failure', async () => {
    const { org } = await owner();
    const before = await organizationState(h.ctx.dataSource, org);
    const ask = (subject: string, payload: unknown) => h.ctx.bus.request(subject, payload).catch((error: unknown) => error);
    const cases: Array<[subject: string, payload: unknown, status: number]> = [
      ...[{}, null, 'text', [], { organization_id: 5, user_id: [] }].map((payload): [string, unknown, number] => [OrganizationRequests.access, payload, 400]),
      // Text Postgres cannot store is refused as an HTTP request's is (the kit's rule), before any lookup.
      [OrganizationRequests.access, { organization_id: '\u0000', user_id: '\u0000' }, 400],
      // The contract checks the request: without an organization_id string it is a 400, with one that names nothing a 404.
      ...[{}, { organization_id: 5 }, { organization_id: '\u0000' }].map((payload): [string, unknown, number] => [OrganizationRequests.facts, payload, 400]),
      [OrganizationRequests.facts, { organization_id: 'x' }, 404],
      ...[{}, { organization_id: org }, { organization_id: org, activate: 'yes' }, { organization_id: org, activate: false, reason: 5 }, { organization_id: org, activate: false, reason: NUL }].map(
        (payload): [string, unknown, number] => [OrganizationRequests.setStatus, payload, 400],
      ),
      ...[{ organization_id: org, activate: false, reason: LONE_SURROGATE }].map(
        (payload): [string, unknown, number] => [OrganizationRequests.setStatus, payload, 400],
      ),
      [OrganizationRequests.setStatus, { organization_id: 'x', activate: true }, 404],
      ...[{}, { organization_id: org }, { organization_id: 'x', platform: 'x' }, { organization_id: org, platform: 'myspace' }].map((payload): [string, unknown, number] => [
        CONNECTION_CREDENTIALS_SUBJECT,
        payload,
        400,
      ]),
      ...[{}, { user_id: 5 }, { user_id: '\u0000' }].map((payload): [string, unknown, number] => [OrganizationRequests.listByOwner, payload, 400]),
    ];
    for (const [subject, payload, status] of cases) {
      const answer = await ask(subject, payload);
      expect({ subject, payload, status: (answer as { statusCode?: number }).statusCode }).toEqual({ subject, payload, status });
    }
    expect(await ask(OrganizationRequests.listByOwner, { user_id: 'x' })).toEqual([]);
    expect(await organizationState(h.ctx.dataSource, org)).toEqual(before);
  });
});
