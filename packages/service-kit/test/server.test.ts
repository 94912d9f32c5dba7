import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuthMessages, ErrorCode, SharedMessages } from '@planner/contracts';
import { badRequest, createLogger, createServer, idParams, rateLimited, rateLimitedBody, requireAdmin, TokenVerifier, type App } from '../src/index.js';
import { bearer, createTestKeys, freePort, untilLogWritten } from '../src/testing/index.js';

const keys = await createTestKeys();
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-logs-'));
let app: App;
const logger = createLogger({ service: 'kit-test', level: 'info', logDir, stdout: false });

beforeAll(async () => {
  app = await createServer({
    name: 'kit-test',
    logger,
    verifier: new TokenVerifier({ jwks: keys.jwks }),
    health: { postgres: async () => undefined, nats: async () => Promise.reject(new Error('connection refused')) },
  });
  app.post(
    '/things',
    { schema: { body: z.object({ name: z.string().min(1, 'Template name is required'), password: z.string() }), response: { 200: z.object({ ok: z.boolean() }) } } },
    async (request) => {
      if (request.body.name === 'taken') throw badRequest(AuthMessages.usernameTaken);
      if (request.body.name === 'boom') throw new Error('secret internal detail at /srv/db');
      return { ok: true };
    },
  );
  app.get('/limited', async () => {
    throw rateLimited(42);
  });
  app.get('/admin-only', async (request) => ({ admin: requireAdmin(request).userId }));
  app.post('/bodiless', async (request) => ({ body: request.body ?? null }));
  app.get('/things/:id', async (request) => ({ id: (request.params as { id: string }).id }));
  app.get('/rows/:id', { schema: { params: idParams('Row not found.') } }, async (request) => ({ id: request.params.id }));
  app.get('/search', async (request) => ({ query: request.query }));
  app.get('/link', { config: { anyQueryText: true } }, async (request) => ({ query: request.query }));
  app.get('/cached', async (_request, reply) => reply.header('cache-control', 'public, max-age=60').send({ ok: true }));
  app.post(
    '/uploads',
    { schema: { multipartForm: z.object({ organization_id: z.string().uuid(), tags: z.array(z.string()).optional(), file: z.file() }) } },
    async (request) => ({ body: request.body ?? null }),
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('error format', () => {
  it('answers a validation failure with 400 and the field message', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: '', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message: 'Template name is required', field: 'name' });
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json' }, payload: '{"name": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message: 'Request body is not valid JSON.' });
  });

  it('takes an empty JSON body as no body: a route without one answers, a route that needs one says what is missing (issue 13)', async () => {
    const json = { 'content-type': 'application/json' };
    for (const payload of [undefined, '']) {
      const bodiless = await app.inject({ method: 'POST', url: '/bodiless', headers: json, payload });
      expect(bodiless.statusCode).toBe(200);
      expect(bodiless.json()).toEqual({ body: null });
    }
    const needsOne = await app.inject({ method: 'POST', url: '/things', headers: json, payload: '' });
    const missing = await app.inject({ method: 'POST', url: '/things' });
    expect(needsOne.statusCode).toBe(400);
    expect(needsOne.json()).toEqual(missing.json());
    const poisoned = await app.inject({ method: 'POST', url: '/bodiless', headers: json, payload: '{"__proto__": {"admin": true}}' });
    expect(poisoned.statusCode).toBe(400);
  });

  it('passes a domain error through with its message', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'taken', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Username already taken. Please select a different username.');
  });

  it('words a 429 as the gateway does: code 3015, the spec message and the wait', async () => {
    expect(rateLimitedBody(42)).toEqual({ code: ErrorCode.RATE_LIMITED, message: 'Slow down, rate limit was reached. Please wait 42 seconds before trying again.', reset: 42 });
    expect(rateLimitedBody(90).message).toBe(SharedMessages.rateLimited('2 minutes'));
    const res = await app.inject({ method: 'GET', url: '/limited' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: 'Too Many Requests', ...rateLimitedBody(42) });
  });

  it('hides an unexpected error behind a generic 500 without stack or detail', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'boom', password: 'x' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal Server Error', message: SharedMessages.serverError });
    expect(res.body).not.toContain('secret internal detail');
  });

  it('answers an unknown route with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not Found', message: SharedMessages.notFound });
  });

  it('takes long path parts (slugs, tokens) and answers a longer one 414 in the same format, without echoing it', async () => {
    expect((await app.inject({ method: 'GET', url: `/things/${'a'.repeat(300)}` })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: `/things/${'a'.repeat(600)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: 'URI Too Long', message: SharedMessages.pathTooLong });
  });

  it('answers a path it cannot decode with 400 in the same format', async () => {
    const res = await app.inject({ method: 'GET', url: '/things/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message: SharedMessages.invalidPath });
  });
});

describe('text Postgres cannot store (issue 28)', () => {
  const raw = (payload: string) => app.inject({ method: 'POST', url: '/bodiless', headers: { 'content-type': 'application/json' }, payload });

  it('refuses U+0000 anywhere in a body, naming the field, before the route sees it', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'nul\u0000here', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message: SharedMessages.nulCharacter, field: 'name' });
    expect((await raw('{"list":[{"deep":["ok","\\u0000"]}]}')).json()).toMatchObject({ message: SharedMessages.nulCharacter, field: 'list.0.deep.1' });
    expect((await raw('{"k\\u0000":1}')).json()).toMatchObject({ message: SharedMessages.nulCharacter });
  });

  it('refuses a lone surrogate as JSON escapes it, high or low, and takes a pair', async () => {
    for (const escaped of ['x\\ud800y', '\\udfff', '\\ude00\\ud83d']) {
      const res = await raw(`{"name":"${escaped}"}`);
      expect({ escaped, status: res.statusCode, body: res.json() }).toEqual({ escaped, status: 400, body: { error: 'Bad Request', message: SharedMessages.loneSurrogate, field: 'name' } });
    }
    const pair = await raw('{"name":"\\ud83d\\ude00 ok"}');
    expect(pair.statusCode).toBe(200);
    expect(pair.json()).toEqual({ body: { name: '😀 ok' } });
  });

  it('refuses it in the query too, unless the route answers any query itself (a link), and a path holding it names nothing', async () => {
    const query = await app.inject({ method: 'GET', url: '/search?q=a%00b' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ message: SharedMessages.nulCharacter, field: 'q' });
    expect((await app.inject({ method: 'GET', url: '/link?q=a%00b' })).json()).toEqual({ query: { q: 'a\u0000b' } });
    const path = await app.inject({ method: 'GET', url: '/things/a%00b' });
    expect(path.statusCode).toBe(404);
    expect(path.json()).toEqual({ error: 'Not Found', message: SharedMessages.notFound });
  });
});

describe('ids in the path', () => {
  it('answers an id that is no UUID 404 with the resource message (not a 400, not a 500), before the route', async () => {
    for (const id of ['not-a-uuid', '12345', '%00', `${'a'.repeat(400)}`, "x'%20OR%20'1'%3D'1"]) {
      const res = await app.inject({ method: 'GET', url: `/rows/${id}` });
      expect({ id, status: res.statusCode, body: res.json() }).toEqual({ id, status: 404, body: { error: 'Not Found', message: 'Row not found.' } });
    }
    const id = '5f0c8a52-3b1e-4c8e-9f3a-2d6b7e8c9a10';
    expect((await app.inject({ method: 'GET', url: `/rows/${id}` })).json()).toEqual({ id });
  });
});

describe('caching', () => {
  it('answers Cache-Control: no-store unless the route says otherwise, errors too', async () => {
    const answers = [
      await app.inject({ method: 'POST', url: '/things', payload: { name: 'ok', password: 'x' } }),
      await app.inject({ method: 'POST', url: '/things', payload: { name: '', password: 'x' } }),
      await app.inject({ method: 'POST', url: '/things', payload: { name: 'boom', password: 'x' } }),
      await app.inject({ method: 'GET', url: '/nowhere' }),
    ];
    expect(answers.map((res) => [res.statusCode, res.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [400, 'no-store'],
      [500, 'no-store'],
      [404, 'no-store'],
    ]);
    expect((await app.inject({ method: 'GET', url: '/cached' })).headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('identity', () => {
  it('refuses a bad token with 401, an anonymous admin call with 401 and a non-admin with 403', async () => {
    expect((await app.inject({ method: 'GET', url: '/admin-only', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/admin-only' })).json().message).toBe(SharedMessages.authenticationRequired);
    const pro = await keys.sign({ sub: 'u1', role: 'pro' });
    const forbidden = await app.inject({ method: 'GET', url: '/admin-only', headers: bearer(pro) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Unauthorized: Admin access required');
    const admin = await keys.sign({ sub: 'a1', role: 'admin' });
    expect((await app.inject({ method: 'GET', url: '/admin-only', headers: bearer(admin) })).json()).toEqual({ admin: 'a1' });
  });

  it('answers 503, not 401, when the token cannot be checked because the keys are out of reach (drill: valid sessions logged out)', async () => {
    const unreachable = `http://127.0.0.1:${await freePort()}/.well-known/jwks.json`;
    const cut = await createServer({ name: 'kit-test-keys-down', logger, verifier: new TokenVerifier({ jwks: unreachable }) });
    cut.get('/mine', async (request) => ({ user: request.identity?.userId ?? null }));
    try {
      const res = await cut.inject({ method: 'GET', url: '/mine', headers: bearer(await keys.sign({ sub: 'u1', role: 'pro' })) });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'Service Unavailable', message: SharedMessages.serviceUnavailable });
    } finally {
      await cut.close();
    }
  });
});

describe('health, API document and logs', () => {
  it('reports 503 naming the dependency that is down', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'degraded',
      checks: { postgres: { status: 'up' }, nats: { status: 'down', error: 'connection refused' } },
    });
  });

  it('describes its routes as OpenAPI generated from the zod schemas', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/things'].post.requestBody.content['application/json'].schema.required).toEqual(['name', 'password']);
    expect(doc.paths['/health']).toBeUndefined();
  });

  it('documents a multipart form as the request body, and leaves reading it to the route', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const body = doc.paths['/uploads'].post.requestBody;
    expect(Object.keys(body.content)).toEqual(['multipart/form-data']);
    const form = body.content['multipart/form-data'].schema;
    expect(form.required).toEqual(['organization_id', 'file']);
    expect(form.properties.tags).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    const res = await app.inject({ method: 'POST', url: '/uploads', payload: { not: 'the form' } });
    expect([res.statusCode, res.json()]).toEqual([200, { body: { not: 'the form' } }]);
  });

  it('writes request logs to LOG_DIR without secrets', async () => {
    const token = await keys.sign({ sub: 'u9', role: 'pro' });
    await app.inject({ method: 'POST', url: '/things', headers: bearer(token), payload: { name: 'boom', password: 'Hunter2!' } });
    logger.info({ user: { password: 'Hunter2!', token } }, 'something with secrets');
    const log = await untilLogWritten(logger, path.join(logDir, 'kit-test.log'));
    expect(log).toContain('secret internal detail'); // the 500's detail goes to the log only
    expect(log).toContain('[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain('Hunter2!');
  });
});

describe('liveness', () => {
  it('answers /health/live from the process alone, even with a dependency down', async () => {
    const res = await app.inject({ method: 'GET', url: '/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', service: 'kit-test' });
  });
});
