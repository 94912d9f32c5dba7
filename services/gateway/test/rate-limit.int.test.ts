import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWait, SharedMessages } from '@planner/contracts';
import { signedBearer } from '@planner/service-kit/testing';
import { startGateway, startUpstream, type TestGateway, type Upstream } from './helpers.js';

let upstream: Upstream;
let gateway: TestGateway;
/** Requests that reached the service. */
const reached = { pings: 0, resets: 0, loginBodies: [] as unknown[] };

beforeAll(async () => {
  upstream = await startUpstream('auth', (app) => {
    app.get('/auth/ping', async () => {
      reached.pings += 1;
      return { ok: true };
    });
    app.post('/auth/login', async (request, reply) => {
      reached.loginBodies.push(request.body);
      return reply.code(401).send({ error: 'Unauthorized', message: 'Invalid credentials.' });
    });
    app.post('/auth/reset-password', async () => ({ message: 'If your email is registered, you will receive a password reset link.' }));
    app.post('/auth/reset-password/:token', async () => {
      reached.resets += 1;
      return { ok: true };
    });
  });
  gateway = await startGateway({
    upstreams: { auth: upstream.url },
    env: { RATE_LIMIT_MAX: '8', RATE_LIMIT_WINDOW_SECONDS: '60', AUTH_RATE_LIMIT_MAX: '2', AUTH_RATE_LIMIT_WINDOW_SECONDS: '120' },
  });
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

/** Each caller is a different user (own bucket), so tests do not share counters; anonymous ones share the IP's. */
async function as(user: string | null) {
  const headers: Record<string, string> = user ? await signedBearer(gateway.keys, { sub: user, role: 'pro' }) : {};
  return (path: string, method = 'GET') => fetch(`${gateway.url}${path}`, { method, headers });
}

async function expectRateLimited(response: Response, limit: number, window: number) {
  expect(response.status).toBe(429);
  const reset = Number(response.headers.get('retry-after'));
  expect(reset).toBeGreaterThanOrEqual(window - 2);
  expect(reset).toBeLessThanOrEqual(window);
  expect(await response.json()).toEqual({ code: 3015, message: SharedMessages.rateLimited(formatWait(reset)), reset });
  expect(response.headers.get('x-ratelimit-reset')).toBe(String(reset));
  expect(response.headers.get('x-ratelimit-limit')).toBe(String(limit));
  expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
}

describe('rate limits', () => {
  it('allows RATE_LIMIT_MAX requests per caller per window, then answers 429 with code 3015 and the wait', async () => {
    const call = await as('00000000-0000-4000-8000-000000000001');
    for (let i = 1; i <= 8; i++) {
      const response = await call('/api/auth/ping');
      expect(response.status, `request ${i}`).toBe(200);
    }
    const refused = await call('/api/auth/ping');
    await expectRateLimited(refused, 8, 60);
    expect(SharedMessages.rateLimited(formatWait(60))).toBe('Slow down, rate limit was reached. Please wait 1 minute before trying again.');
  });

  it('refuses a caller who has used up the window without reaching the service again', async () => {
    const call = await as('00000000-0000-4000-8000-000000000011');
    for (let i = 1; i <= 8; i++) expect((await call('/api/auth/ping')).status).toBe(200);
    const before = reached.pings;
    for (let i = 0; i < 3; i++) await expectRateLimited(await call('/api/auth/ping'), 8, 60);
    expect(reached.pings).toBe(before);
  });

  it('serves exactly the limit of a burst of safe requests and refuses the rest, never with the service’s answer', async () => {
    const call = await as('00000000-0000-4000-8000-000000000012');
    const responses = await Promise.all(Array.from({ length: 20 }, () => call('/api/auth/ping')));
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<Record<string, unknown>>));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(8);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(12);
    for (const [i, body] of bodies.entries()) expect(body.ok === true).toBe(responses[i]!.status === 200);
  });

  it('lets no unsafe request of a burst past the limit reach the service', async () => {
    const call = await as('00000000-0000-4000-8000-000000000013');
    const before = reached.resets;
    const responses = await Promise.all(Array.from({ length: 12 }, () => call('/api/auth/reset-password/some-token', 'POST')));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(8);
    expect(reached.resets - before).toBe(8);
  });

  it('counts each user apart: another user is still served', async () => {
    const other = await as('00000000-0000-4000-8000-000000000002');
    expect((await other('/api/auth/ping')).status).toBe(200);
  });

  it('is stricter on login, per endpoint: the third login is refused while other calls go on', async () => {
    const call = await as('00000000-0000-4000-8000-000000000003');
    expect((await call('/api/auth/login', 'POST')).status).toBe(401);
    expect((await call('/api/auth/login', 'POST')).status).toBe(401);
    await expectRateLimited(await call('/api/auth/login', 'POST'), 2, 120);
    // The reset request has its own bucket; the reset with a token is not strictly limited.
    expect((await call('/api/auth/reset-password', 'POST')).status).toBe(200);
    expect((await call('/api/auth/reset-password/abc', 'POST')).status).toBe(200);
    expect((await call('/api/auth/reset-password/abc', 'POST')).status).toBe(200);
  });

  it('counts credential requests by address, token or not: the attacker’s own token does not lift the login limit (issue 28)', async () => {
    const login = async (user: string | null) => {
      const headers: Record<string, string> = user ? await signedBearer(gateway.keys, { sub: user, role: 'basic' }) : {};
      const body = JSON.stringify({ email: 'victim@example.com', password: 'Guess#123' });
      return fetch(`${gateway.url}/api/auth/login`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
    };
    expect((await login(null)).status).toBe(401);
    expect((await login(null)).status).toBe(401);
    await expectRateLimited(await login(null), 2, 120);
    // Each token is a fresh user; the account's bucket at this address is still the one that is full.
    await expectRateLimited(await login('00000000-0000-4000-8000-000000000021'), 2, 120);
    await expectRateLimited(await login('00000000-0000-4000-8000-000000000022'), 2, 120);
  });

  it('counts anonymous callers by address and limits register too', async () => {
    const anonymous = await as(null);
    const first = await anonymous('/api/auth/register', 'POST');
    expect(first.status).toBe(404); // no such route upstream: counted all the same
    await anonymous('/api/auth/register', 'POST');
    await expectRateLimited(await anonymous('/api/auth/register', 'POST'), 2, 120);
  });

  it('does not meter health and version', async () => {
    const anonymous = await as(null);
    for (let i = 0; i < 10; i++) expect((await anonymous('/api/version')).status).toBe(200);
  });
});

describe('credential limits for a team behind one address (issue 13)', () => {
  let office: TestGateway;

  beforeAll(async () => {
    office = await startGateway({
      upstreams: { auth: upstream.url },
      env: { RATE_LIMIT_MAX: '1000', AUTH_RATE_LIMIT_MAX: '2', AUTH_RATE_LIMIT_ADDRESS_MAX: '6', AUTH_RATE_LIMIT_WINDOW_SECONDS: '120' },
    });
  });

  afterAll(async () => {
    await office?.close();
  });

  const login = (email: string, chunked = false) => {
    const body = JSON.stringify({ email, password: 'Wrong#Pass1', turnstile_token: 'sandbox' });
    return fetch(`${office.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunked ? new Blob([body]).stream() : body,
      ...(chunked ? { duplex: 'half' } : {}),
    } as RequestInit);
  };

  it('counts each account apart up to the address’s ceiling, and passes the body on intact', async () => {
    const before = reached.loginBodies.length;
    const tries = ['ana@office.test', 'ana@office.test', 'Bo@Office.test', 'bo@office.test', 'cy@office.test'];
    // Three people log in from the office (one body chunked): all reach auth, which refuses the password.
    for (const [i, email] of tries.entries()) expect((await login(email, i === 4)).status, email).toBe(401);
    expect(reached.loginBodies.slice(before).map((b) => (b as { email: string }).email)).toEqual(tries);
    // One account past its own limit is refused…
    await expectRateLimited(await login('ANA@office.test'), 2, 120);
    // …(a refusal known in advance is not counted), the sixth login of the address still goes through…
    expect((await login('dee@office.test')).status).toBe(401);
    // …and past the address's ceiling over all accounts, a new account is refused too.
    await expectRateLimited(await login('eve@office.test'), 6, 120);
    expect(reached.loginBodies.length - before).toBe(tries.length + 1);
  });
});
