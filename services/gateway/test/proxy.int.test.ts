import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IDENTITY_HEADERS, SharedMessages } from '@planner/contracts';
import { startTracing, stopTracing } from '@planner/service-kit';
import { bearer, createTestKeys, testEvent, type TestKeys } from '@planner/service-kit/testing';
import { gatewayService } from '../src/service.js';
import { deadUrl, rawRequest, startGateway, startUpstream, waitFor, type TestGateway, type Upstream } from './helpers.js';

let keys: TestKeys;
let upstream: Upstream;
let gateway: TestGateway;
const seen: Array<Record<string, string | undefined>> = [];

const UNAUTHORIZED = { error: 'Unauthorized', message: SharedMessages.authenticationRequired };
const USER = '00000000-0000-4000-8000-000000000007';

beforeAll(async () => {
  // As in production: the gateway's synchronous context manager (the trace test covers services with AsyncLocalStorage).
  await startTracing({ serviceName: gatewayService.name, contextManager: gatewayService.tracingContextManager });
  keys = await createTestKeys();
  upstream = await startUpstream('auth', (app) => {
    app.get('/auth/ping', async () => ({ ok: true }));
    app.get('/auth/whoami', async (request) => {
      const h = request.headers as Record<string, string | undefined>;
      const view = {
        userId: h[IDENTITY_HEADERS.userId],
        role: h[IDENTITY_HEADERS.role],
        traceparent: h.traceparent,
        forwardedFor: h['x-forwarded-for'],
        requestId: h['x-request-id'],
        url: request.url,
      };
      seen.push(view);
      return view;
    });
    app.post('/auth/echo', { schema: { body: z.object({ name: z.string() }) } }, async (request) => request.body);
    app.post('/auth/refresh', async (request) => ({ authorization: request.headers.authorization ?? null }));
    app.post('/media/upload', async (request) => ({ received: Buffer.byteLength(JSON.stringify(request.body)) }));
    app.get('/system-messages/', async () => ({ messages: [] }));
    app.get('/auth/big', async (_request, reply) => reply.type('text/plain').send('x'.repeat(200_000)));
    app.get('/auth/chunked', async (_request, reply) => reply.type('text/plain').send(Readable.from(['one,', 'two,', 'three'])));
    app.get('/auth/cookies', async (_request, reply) =>
      reply.header('set-cookie', ['a=1; Path=/', 'b=2; Path=/']).header('location', '/auth/next').code(302).send(),
    );
    app.get('/auth/elsewhere', async (_request, reply) => reply.redirect('/calendar?connected=1'));
    app.delete('/auth/thing', async (_request, reply) => reply.code(204).send());
    app.get('/auth/slow', async () => {
      await new Promise((r) => setTimeout(r, 1500));
      return { late: true };
    });
    app.post('/auth/raw', async (request) => ({ contentType: request.headers['content-type'] ?? null, body: String(request.body ?? '') }));
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  });
  gateway = await startGateway({
    keys,
    upstreams: { auth: upstream.url, posts: upstream.url },
    env: { BODY_LIMIT_BYTES: '1024', UPLOAD_BODY_LIMIT_BYTES: '65536', UPSTREAM_TIMEOUT_MS: '700' },
  });
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
  await stopTracing();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${gateway.url}${path}`, { headers });

describe('routing', () => {
  it('forwards /api/<prefix>/** to the owning service with /api stripped', async () => {
    const response = await get('/api/auth/whoami?x=1&y=2');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { url: string }).url).toBe('/auth/whoami?x=1&y=2');
    expect(response.headers.get('x-trace-id')).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
  });

  it('refuses a path that climbs out of its service with 400, whatever its spelling', async () => {
    for (const path of ['/api/auth/../logs/x', '/api/auth/%2e%2e/logs', '/api/auth/..%5Cx']) {
      const response = await rawRequest(gateway.url, { path });
      expect(response.status, path).toBe(400);
      expect(response.json()).toEqual({ error: 'Bad Request', message: 'The request path is not valid.' });
    }
  });

  it('answers an unknown route with 404 in the error format', async () => {
    const response = await get('/api/nowhere/at/all');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not Found', message: SharedMessages.notFound });
  });

  it('passes a malformed JSON body through and returns the service’s 400', async () => {
    const response = await fetch(`${gateway.url}/api/auth/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "ann",',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Bad Request', message: 'Request body is not valid JSON.' });
  });

  it('passes a valid JSON body through and the service’s validation errors back', async () => {
    const ok = await fetch(`${gateway.url}/api/auth/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"ann"}' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ name: 'ann' });
    const invalid = await fetch(`${gateway.url}/api/auth/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":5}' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error: 'Bad Request', field: 'name' });
  });

  it('answers 503 with the spec message when the service is down', async () => {
    const response = await get('/api/system-messages/');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'Service temporarily unavailable. Please try again later.' });
  });

  it('streams large and unsized answers, and answers HEAD and 204 without a body', async () => {
    const big = await get('/api/auth/big');
    expect(big.status).toBe(200);
    expect((await big.text()).length).toBe(200_000);
    const chunked = await get('/api/auth/chunked');
    expect(await chunked.text()).toBe('one,two,three');
    const head = await fetch(`${gateway.url}/api/auth/big`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('200000');
    expect(await head.text()).toBe('');
    const deleted = await fetch(`${gateway.url}/api/auth/thing`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
  });

  it('keeps every Set-Cookie and puts /api back on a service-relative redirect, not on others', async () => {
    const response = await fetch(`${gateway.url}/api/auth/cookies`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(response.headers.get('location')).toBe('/api/auth/next');
    const elsewhere = await fetch(`${gateway.url}/api/auth/elsewhere`, { redirect: 'manual' });
    expect(elsewhere.headers.get('location')).toBe('/calendar?connected=1');
  });

  it('passes other content types through as they are', async () => {
    const response = await fetch(`${gateway.url}/api/auth/raw`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'a,b\n1,2' });
    expect(await response.json()).toEqual({ contentType: 'text/csv', body: 'a,b\n1,2' });
  });

  it('answers 504 with the same message when the service does not answer in time', async () => {
    const response = await get('/api/auth/slow');
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ message: SharedMessages.serviceUnavailable });
  });

  it('sets security headers on API answers', async () => {
    const response = await get('/api/auth/ping');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe('token check', () => {
  it('forwards a verified caller’s identity and replaces what a client claims', async () => {
    const token = await keys.sign({ sub: USER, role: 'pro' });
    const response = await get('/api/auth/whoami', {
      ...bearer(token),
      [IDENTITY_HEADERS.userId]: 'someone-else',
      [IDENTITY_HEADERS.role]: 'admin',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ userId: USER, role: 'pro' });
  });

  it('strips identity headers a client sends without a token (anonymous is forwarded)', async () => {
    const response = await get('/api/auth/whoami', { [IDENTITY_HEADERS.userId]: USER, [IDENTITY_HEADERS.role]: 'admin' });
    expect(response.status).toBe(200);
    const view = (await response.json()) as Record<string, unknown>;
    expect(view.userId).toBeUndefined();
    expect(view.role).toBeUndefined();
    // The gateway's span goes along, and the caller's address is the socket's, not a header it made up.
    expect(view.traceparent).toMatch(new RegExp(`^00-${response.headers.get('x-trace-id')}-[0-9a-f]{16}-0[01]$`));
    expect(view.forwardedFor).toBe('127.0.0.1');
  });

  it('refuses an invalid, an expired and a wrongly signed token with 401', async () => {
    const expired = await keys.sign({ sub: USER, role: 'pro' }, { issuedAt: Math.floor(Date.now() / 1000) - 3600, expiresIn: Math.floor(Date.now() / 1000) - 60 });
    const stranger = await createTestKeys(); // same kid, another key pair
    const wrongKey = await stranger.sign({ sub: USER, role: 'admin' });
    for (const token of ['not-a-jwt', expired, wrongKey]) {
      const response = await get('/api/auth/ping', bearer(token));
      expect(response.status, token.slice(0, 20)).toBe(401);
      expect(await response.json()).toEqual(UNAUTHORIZED);
    }
  });

  it('answers 503, not 401, to a token it cannot check because auth’s keys are out of reach (drill: sessions logged out)', async () => {
    const keysDown = await startGateway({ keys, jwks: `${await deadUrl()}/.well-known/jwks.json`, upstreams: { auth: upstream.url } });
    try {
      const response = await fetch(`${keysDown.url}/api/auth/ping`, { headers: bearer(await keys.sign({ sub: USER, role: 'pro' })) });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: 'Service Unavailable', message: SharedMessages.serviceUnavailable });
    } finally {
      await keysDown.close();
    }
  });

  it('never answers from its cache past a token’s expiry', async () => {
    const token = await keys.sign({ sub: USER, role: 'pro' }, { expiresIn: Math.floor(Date.now() / 1000) + 2 });
    expect((await get('/api/auth/ping', bearer(token))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2100));
    const response = await get('/api/auth/ping', bearer(token));
    expect(response.status).toBe(401);
  });

  // A plain publish, as on the wire: auth's stream, which the gateway follows, stores it.
  const revokeSessions = (userId: string, sessionIds: string[]) => {
    const envelope = testEvent('auth.sessions.revoked', { userId, sessionIds, reason: 'logout everywhere' });
    gateway.ctx.bus.connection.publish(gateway.ctx.bus.wireSubject('auth.sessions.revoked'), JSON.stringify(envelope));
  };

  it('drops a user’s cached tokens when their sessions are revoked', async () => {
    const user = '00000000-0000-4000-8000-000000000099';
    const token = await keys.sign({ sub: user, role: 'pro', sid: 'session-revoked' }, { issuedAt: Math.floor(Date.now() / 1000) - 5 });
    expect((await get('/api/auth/ping', bearer(token))).status).toBe(200);
    revokeSessions(user, ['session-revoked']);
    await waitFor(async () => (await get('/api/auth/ping', bearer(token))).status, (status) => status === 401);
  });

  it('lets a session opened in the second of a revocation through (a fresh login is not dead on arrival)', async () => {
    const user = '00000000-0000-4000-8000-000000000098';
    const ended = await keys.sign({ sub: user, role: 'pro', sid: 'session-ended' });
    revokeSessions(user, ['session-ended']);
    await waitFor(async () => (await get('/api/auth/ping', bearer(ended))).status, (status) => status === 401);
    // A login right after: its `iat` (whole seconds) is not later than the revocation's time.
    const fresh = await keys.sign({ sub: user, role: 'pro', sid: 'session-fresh' }, { issuedAt: Math.floor(Date.now() / 1000) - 1 });
    expect((await get('/api/auth/ping', bearer(fresh))).status).toBe(200);
  });

  it('lets the refresh call carry its refresh token to the auth service unchecked', async () => {
    const response = await fetch(`${gateway.url}/api/auth/refresh`, { method: 'POST', headers: { authorization: 'Bearer opaque-refresh-token' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ authorization: 'Bearer opaque-refresh-token' });
  });
});

describe('body size limit', () => {
  const TOO_LARGE = { error: 'Payload Too Large', message: 'Request body is too large. The limit is 1 KB.' };
  const big = JSON.stringify({ name: 'x'.repeat(2000) });

  it('refuses a declared Content-Length over the limit with 413', async () => {
    const response = await rawRequest(gateway.url, {
      method: 'POST',
      path: '/api/auth/echo',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(big)) },
      body: big,
    });
    expect(response.status).toBe(413);
    expect(response.json()).toEqual(TOO_LARGE);
  });

  it('counts a chunked body and refuses it with 413 once it passes the limit', async () => {
    const chunk = Buffer.from('x'.repeat(400));
    const response = await rawRequest(gateway.url, {
      method: 'POST',
      path: '/api/auth/echo',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      chunks: [Buffer.from('{"name":"'), chunk, chunk, chunk, Buffer.from('"}')],
    });
    expect(response.status).toBe(413);
    expect(response.json()).toEqual(TOO_LARGE);
  });

  it('lets a small chunked body through', async () => {
    const response = await rawRequest(gateway.url, {
      method: 'POST',
      path: '/api/auth/echo',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      chunks: [Buffer.from('{"name":'), Buffer.from('"ann"}')],
    });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ name: 'ann' });
  });

  it('allows larger bodies on the upload routes', async () => {
    const response = await fetch(`${gateway.url}/api/media/upload`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: Buffer.byteLength(big) });
  });
});
