import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { logSearchPattern, SERVICE_NAMES, type ServiceName } from '@planner/contracts';
import { checkDeclaredLength, forPath, hasBody, isUploadPath } from '../src/domain/upload-routes.js';
import { aggregateHealth, probeFromReport, replicatedProbe, type ServiceProbe } from '../src/domain/health.js';
import { dropPartialFirstLine, isInside, isValidLogName, readWindow } from '../src/domain/log-files.js';
import { emptyLineIndex, indexChunk, lineCount, matchingLines, seekLine, shownLine, splitLines, wholeLines } from '../src/domain/log-lines.js';
import { mergeOpenApi } from '../src/domain/openapi.js';
import {
  accountOf,
  addressKey,
  bucketsFor,
  callerKey,
  clientIp,
  decide,
  ExhaustedBuckets,
  forwardedFor,
  strictEndpoint,
  type RateLimitSettings,
} from '../src/domain/rate-limit.js';
import { isForwardablePath, isUnmeteredPath, matchRoute, serviceForPath, upstreamUrl } from '../src/domain/routes.js';
import { corsHeaders, isPreflight } from '../src/domain/cors.js';
import { skipsTokenCheck } from '../src/routes/gate.js';

describe('route table (ARCHITECTURE §1)', () => {
  it('sends each /api prefix to the service that owns it', () => {
    expect(serviceForPath('/api/auth/login')).toBe('auth');
    expect(serviceForPath('/api/auth')).toBe('auth');
    expect(serviceForPath('/api/organizations/7/limits')).toBe('organizations');
    expect(serviceForPath('/api/platforms')).toBe('organizations');
    expect(serviceForPath('/api/oauth/x/callback?code=1')).toBe('organizations');
    expect(serviceForPath('/api/generate_media')).toBe('posts');
    expect(serviceForPath('/api/schedule_post/upload')).toBe('posts');
    expect(serviceForPath('/api/statistics/user/accounts')).toBe('posts');
    expect(serviceForPath('/api/media/1')).toBe('posts');
    expect(serviceForPath('/api/auto-schedule/3')).toBe('scheduler');
    expect(serviceForPath('/api/payments/webhook')).toBe('billing');
    expect(serviceForPath('/api/subscriptions/admin/update')).toBe('billing');
    expect(serviceForPath('/api/blog/posts')).toBe('content');
    expect(serviceForPath('/api/newsletter/subscribe')).toBe('content');
    expect(serviceForPath('/api/system-messages/')).toBe('notifications');
  });

  it('matches whole path segments only and leaves the gateway its own routes', () => {
    expect(serviceForPath('/api/authors')).toBeUndefined();
    expect(serviceForPath('/api/health')).toBeUndefined();
    expect(serviceForPath('/api/logs/x')).toBeUndefined();
    expect(serviceForPath('/auth/login')).toBeUndefined();
  });

  it('strips /api before forwarding and matches every prefix of a service with its sub-paths', () => {
    expect(upstreamUrl('/api/auth/login?next=1')).toBe('/auth/login?next=1');
    expect(matchRoute('/api/oauth/x/callback?code=1')).toEqual({ service: 'organizations', prefix: '/api/oauth' });
    expect(matchRoute('/api/platforms')).toEqual({ service: 'organizations', prefix: '/api/platforms' });
    expect(matchRoute('/api/platforms?x=/')).toEqual({ service: 'organizations', prefix: '/api/platforms' });
    expect(matchRoute('/api/platformsx')).toBeUndefined();
  });

  it('refuses to forward paths that climb out of their prefix', () => {
    for (const path of ['/api/auth/../logs/x', '/api/auth/%2e%2e/x', '/api/auth/%2E%2E%2Fx', '/api/auth/..\\x', '/api/auth/.%2e/x', '/api/auth/%zz', '/api/auth/..']) {
      expect(isForwardablePath(path), path).toBe(false);
    }
    for (const path of ['/api/auth/login', '/api/blog/posts/my.post', '/api/blog/a..b', '/api/blog/%20x', '/api/auth/./x']) {
      expect(isForwardablePath(path), path).toBe(true);
    }
  });

  it('does not meter health, version, docs and the frontend', () => {
    expect(isUnmeteredPath('/api/health')).toBe(true);
    expect(isUnmeteredPath('/api/version')).toBe(true);
    expect(isUnmeteredPath('/api/docs/openapi.json')).toBe(true);
    expect(isUnmeteredPath('/calendar')).toBe(true);
    expect(isUnmeteredPath('/api/auth/login')).toBe(false);
    expect(isUnmeteredPath('/api/logs/')).toBe(false);
  });

  it('lets the refresh call through with its refresh token unchecked', () => {
    expect(skipsTokenCheck('POST', '/api/auth/refresh')).toBe(true);
    expect(skipsTokenCheck('GET', '/api/auth/refresh')).toBe(false);
    expect(skipsTokenCheck('POST', '/api/auth/login')).toBe(false);
  });
});

describe('CORS of proxied answers', () => {
  const allowed = new Set(['http://app.example']);

  it('echoes an allowed origin only, and always varies on Origin', () => {
    expect(corsHeaders('http://app.example', allowed, 'x-trace-id')).toEqual({
      vary: 'Origin',
      'access-control-expose-headers': 'x-trace-id',
      'access-control-allow-origin': 'http://app.example',
    });
    expect(corsHeaders('http://evil.example', allowed, 'x-trace-id')['access-control-allow-origin']).toBeUndefined();
    expect(corsHeaders(undefined, allowed, 'x-trace-id')['access-control-allow-origin']).toBeUndefined();
  });

  it('tells a preflight from a plain OPTIONS', () => {
    expect(isPreflight('OPTIONS', { origin: 'http://app.example', 'access-control-request-method': 'POST' })).toBe(true);
    expect(isPreflight('OPTIONS', { origin: 'http://app.example' })).toBe(false);
    expect(isPreflight('GET', { origin: 'http://app.example', 'access-control-request-method': 'POST' })).toBe(false);
  });
});

describe('buckets known to be full', () => {
  const bucket = { key: 'rl:all:u:1', max: 3, windowMs: 60_000 };

  it('knows a bucket is full once the store counted it to its maximum, until its window ends', () => {
    const full = new ExhaustedBuckets();
    full.record([bucket], [{ count: 2, ttlMs: 50_000 }], 0);
    expect(full.check([bucket], 1)).toBeUndefined();
    full.record([bucket], [{ count: 3, ttlMs: 50_000 }], 1000);
    expect(full.check([bucket], 2000)).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 49 });
    expect(full.check([bucket], 51_000)).toBeUndefined();
    expect(full.size).toBe(0);
  });

  it('stays bounded, forgetting the oldest first', () => {
    const full = new ExhaustedBuckets(2);
    for (const key of ['a', 'b', 'c']) full.record([{ ...bucket, key }], [{ count: 9, ttlMs: 1000 }], 0);
    expect(full.size).toBe(2);
    expect(full.check([{ ...bucket, key: 'a' }], 1)).toBeUndefined();
    expect(full.check([{ ...bucket, key: 'c' }], 1)).toBeDefined();
  });
});

describe('rate-limit policy', () => {
  const settings: RateLimitSettings = { general: { max: 100, windowSeconds: 60 }, auth: { max: 5, addressMax: 50, windowSeconds: 300 }, webhook: { max: 1000, windowSeconds: 60 } };
  const anonymous = { caller: 'ip:1', address: 'ip:1' };

  it('counts users by id and anonymous callers by address', () => {
    expect(callerKey({ userId: 'u1', role: 'pro', emailVerified: true }, '10.0.0.1')).toBe('u:u1');
    expect(callerKey(null, '10.0.0.1')).toBe('ip:10.0.0.1');
    expect(addressKey('10.0.0.1')).toBe('ip:10.0.0.1');
  });

  it('counts credential requests by address even with a token (issue 28): a token does not buy a fresh bucket', () => {
    const account = accountOf(Buffer.from('{"email":"ana@example.com"}'));
    const withToken = { caller: callerKey({ userId: 'u1', role: 'basic', emailVerified: true }, '10.0.0.1'), address: addressKey('10.0.0.1'), account };
    expect(bucketsFor('POST', '/api/auth/login', withToken, settings).map((b) => b.key)).toEqual([
      'rl:all:u:u1',
      `rl:login:ip:10.0.0.1:${account}`,
      'rl:login:ip:10.0.0.1',
    ]);
  });

  it('adds a strict bucket per credential endpoint on POST only', () => {
    expect(strictEndpoint('POST', '/api/auth/login')).toBe('login');
    expect(strictEndpoint('POST', '/api/auth/register/')).toBe('register');
    expect(strictEndpoint('POST', '/api/auth/reset-password')).toBe('reset');
    expect(strictEndpoint('POST', '/api/auth/reset-password/abc123')).toBeUndefined();
    expect(strictEndpoint('GET', '/api/auth/login')).toBeUndefined();
    expect(bucketsFor('GET', '/api/posts', anonymous, settings)).toEqual([{ key: 'rl:all:ip:1', max: 100, windowMs: 60_000 }]);
    expect(bucketsFor('POST', '/api/auth/login', anonymous, settings)).toEqual([
      { key: 'rl:all:ip:1', max: 100, windowMs: 60_000 },
      { key: 'rl:login:ip:1:-', max: 5, windowMs: 300_000 },
      { key: 'rl:login:ip:1', max: 50, windowMs: 300_000 },
    ]);
  });

  it("counts a provider's webhook in a bucket of its own instead of the general one", () => {
    expect(bucketsFor('POST', '/api/payments/webhook', anonymous, settings)).toEqual([{ key: 'rl:webhook:ip:1', max: 1000, windowMs: 60_000 }]);
    expect(bucketsFor('GET', '/api/payments/webhook', anonymous, settings)).toEqual([{ key: 'rl:all:ip:1', max: 100, windowMs: 60_000 }]);
    expect(bucketsFor('POST', '/api/payments/subscriptions', anonymous, settings)).toEqual([{ key: 'rl:all:ip:1', max: 100, windowMs: 60_000 }]);
  });

  it('counts credential requests per caller and account, under a larger ceiling per caller', () => {
    const account = accountOf(Buffer.from(JSON.stringify({ email: ' Ana@Example.com ', password: 'x' })));
    expect(account).toBe(accountOf(Buffer.from('{"email":"ana@example.com"}')));
    expect(account).not.toContain('@');
    expect(accountOf(Buffer.from('{"email":"bo@example.com"}'))).not.toBe(account);
    expect(bucketsFor('POST', '/api/auth/login', { ...anonymous, account }, settings).map((b) => [b.key, b.max])).toEqual([
      ['rl:all:ip:1', 100],
      [`rl:login:ip:1:${account}`, 5],
      ['rl:login:ip:1', 50],
    ]);
    for (const body of [undefined, '', 'not json', 'null', '[]', '{"email":42}', '{"email":"  "}', '{"name":"x"}']) {
      expect(accountOf(body === undefined ? undefined : Buffer.from(body)), String(body)).toBeUndefined();
    }
  });

  it('refuses when any bucket is over, reporting the longest wait; else reports the tightest bucket', () => {
    const buckets = bucketsFor('POST', '/api/auth/login', anonymous, settings);
    expect(decide(buckets, [{ count: 10, ttlMs: 30_000 }, { count: 2, ttlMs: 200_000 }])).toEqual({
      allowed: true,
      limit: 5,
      remaining: 3,
      resetSeconds: 200,
    });
    expect(decide(buckets, [{ count: 10, ttlMs: 30_000 }, { count: 6, ttlMs: 120_500 }])).toEqual({
      allowed: false,
      limit: 5,
      remaining: 0,
      resetSeconds: 121,
    });
    expect(decide(buckets.slice(0, 1), [{ count: 101, ttlMs: 400 }])).toMatchObject({ allowed: false, resetSeconds: 1 });
  });

  it('believes X-Forwarded-For only as far as trusted proxies go', () => {
    expect(clientIp('10.0.0.9', '1.2.3.4', 0)).toBe('10.0.0.9');
    expect(clientIp('10.0.0.9', '6.6.6.6, 1.2.3.4', 1)).toBe('1.2.3.4');
    expect(clientIp('10.0.0.9', '1.2.3.4', 3)).toBe('1.2.3.4');
    expect(forwardedFor('10.0.0.9', '6.6.6.6', 0)).toBe('10.0.0.9');
    expect(forwardedFor('10.0.0.9', '6.6.6.6, 1.2.3.4', 1)).toBe('1.2.3.4, 10.0.0.9');
  });
});

describe('body limits', () => {
  const limits = { general: 1024, upload: 10_000 };

  it('allows more on the media upload routes', () => {
    expect(isUploadPath('/api/schedule_post/upload')).toBe(true);
    expect(isUploadPath('/api/schedule_post')).toBe(true);
    expect(isUploadPath('/api/auto-schedule')).toBe(true);
    expect(isUploadPath('/api/auto-schedules/1')).toBe(true);
    expect(isUploadPath('/api/media/upload')).toBe(true);
    expect(isUploadPath('/api/mediafile')).toBe(false);
    expect(isUploadPath('/api/posts')).toBe(false);
    expect(forPath('/api/media/x', limits)).toBe(10_000);
    expect(forPath('/api/auth/login', limits)).toBe(1024);
  });

  it('judges a declared length, and asks to count a chunked body', () => {
    expect(checkDeclaredLength('1025', undefined, 1024)).toBe('too-large');
    expect(checkDeclaredLength('1024', undefined, 1024)).toBe('ok');
    expect(checkDeclaredLength(undefined, 'chunked', 1024)).toBe('stream');
    expect(checkDeclaredLength(undefined, undefined, 1024)).toBe('ok');
  });

  it('knows a request with a body, which is timed, from one without', () => {
    expect(hasBody({ 'content-length': '12' })).toBe(true);
    expect(hasBody({ 'transfer-encoding': 'chunked' })).toBe(true);
    expect(hasBody({ 'content-length': '0' })).toBe(false);
    expect(hasBody({})).toBe(false);
  });
});

describe('log files', () => {
  it('accepts plain file names and refuses anything that could leave the folder', () => {
    for (const name of ['auth.log', 'gateway.log.1', 'posts-2026-01-01.log', 'x_y']) expect(isValidLogName(name)).toBe(true);
    for (const name of ['../x', '..', '.', '.env', '/etc/passwd', 'a/b', 'a\\b', '%2e%2e%2fx', '..%2fx', '', 'a\0b', 'x'.repeat(300)]) {
      expect(isValidLogName(name), name).toBe(false);
    }
  });

  it('tells whether a resolved path is inside the folder', () => {
    expect(isInside('/var/log/planner', '/var/log/planner/auth.log')).toBe(true);
    expect(isInside('/var/log/planner', '/var/log/planner')).toBe(false);
    expect(isInside('/var/log/planner', '/var/log/planner-other/x')).toBe(false);
    expect(isInside('/var/log/planner', path.resolve('/var/log/planner', '../x'))).toBe(false);
  });

  it('returns the end of a large file from a line start', () => {
    expect(readWindow(100, 1000)).toEqual({ start: 0, length: 100, truncated: false });
    expect(readWindow(5000, 1000)).toEqual({ start: 4000, length: 1000, truncated: true });
    expect(dropPartialFirstLine('tial line\nfull line\n')).toBe('full line\n');
    expect(dropPartialFirstLine('no break')).toBe('no break');
  });

  it('indexes every step-th line start across chunks, and counts an unfinished last line', () => {
    const text = Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n'); // no break after the last
    const index = emptyLineIndex(3);
    for (const piece of [text.slice(0, 5), text.slice(5, 23), text.slice(23)]) indexChunk(index, Buffer.from(piece));
    expect(lineCount(index)).toBe(10);
    expect(index.checkpoints).toEqual([0, text.indexOf('line 3'), text.indexOf('line 6'), text.indexOf('line 9')]);
    expect(seekLine(index, 7)).toEqual({ start: text.indexOf('line 6'), skip: 1 });
    expect(seekLine(index, 9)).toEqual({ start: text.indexOf('line 9'), skip: 0 });
    indexChunk(index, Buffer.from('!\n'));
    expect(lineCount(index), 'the last line finished by what was appended').toBe(10);
    expect(lineCount(emptyLineIndex())).toBe(0);
  });

  it('cuts chunks into whole lines without splitting a character', async () => {
    const bytes = Buffer.from('één\ntwee\ndrie');
    async function* chunks() {
      for (let at = 0; at < bytes.length; at += 3) yield bytes.subarray(at, at + 3);
    }
    const pieces: string[] = [];
    for await (const piece of wholeLines(chunks())) pieces.push(piece);
    expect(pieces.join('')).toBe('één\ntwee\ndrie');
    expect(pieces.slice(0, -1).every((piece) => piece.endsWith('\n'))).toBe(true);
    expect(pieces.flatMap(splitLines)).toEqual(['één', 'twee', 'drie']);
    expect(shownLine('x'.repeat(12) + '\r', 10)).toBe('x'.repeat(10) + '…');
    expect(shownLine('short\r', 10)).toBe('short');
  });

  it('finds each matching line once, case-insensitively, the text taken literally', () => {
    const pattern = logSearchPattern('error (x)');
    expect(matchingLines('ok\nERROR (X) and error (x)\nerror x\nan Error (x)\n', 5, pattern)).toEqual({ matches: [6, 8], nextLine: 9 });
    expect(matchingLines('no\nlast Error (x)', 0, pattern)).toEqual({ matches: [1], nextLine: 2 });
    expect(matchingLines('a\nb', 0, pattern)).toEqual({ matches: [], nextLine: 2 });
    expect(logSearchPattern('a.b').test('axb')).toBe(false);
  });
});

describe('health aggregation', () => {
  const up = (extra: Partial<ServiceProbe> = {}): ServiceProbe => ({
    status: 'up',
    latencyMs: 1,
    checks: { postgres: { status: 'up' }, redis: { status: 'up' }, nats: { status: 'up' } },
    ...extra,
  });
  const all = (probe: () => ServiceProbe) =>
    Object.fromEntries(SERVICE_NAMES.map((s) => [s, probe()])) as Record<ServiceName, ServiceProbe>;
  const gateway = { redis: { status: 'up' as const }, nats: { status: 'up' as const } };

  it('is ok only when every service and dependency is up', () => {
    const health = aggregateHealth(all(up), gateway);
    expect(health.status).toBe('ok');
    expect(health.unavailable).toEqual([]);
    expect(health.dependencies).toEqual({ postgres: { status: 'up' }, redis: { status: 'up' }, nats: { status: 'up' } });
  });

  it('names a service that is down and a dependency a service found down', () => {
    const services = all(up);
    services.posts = { status: 'down', latencyMs: 3000, error: 'no answer within 3000 ms' };
    services.content = probeFromReport(503, { status: 'degraded', checks: { postgres: { status: 'down', error: 'refused' }, redis: { status: 'up' } } }, 5);
    const health = aggregateHealth(services, gateway);
    expect(health.status).toBe('degraded');
    expect(health.unavailable).toEqual(['posts', 'content']);
    expect(health.services.content!.status).toBe('degraded');
    expect(health.dependencies.postgres).toEqual({ status: 'down', downFor: ['content'] });
    expect(health.dependencies.redis).toEqual({ status: 'up' });
  });

  it('passes on what a check reports beside its status (parked events), without counting it against the service', () => {
    const probe = probeFromReport(200, { status: 'ok', checks: { nats: { status: 'up', latencyMs: 2, details: { parked: 3 } }, postgres: { status: 'up' } } }, 5);
    expect(probe).toMatchObject({ status: 'up', checks: { nats: { status: 'up', details: { parked: 3 } } } });
  });

  it('cannot vouch for Postgres when no service answers', () => {
    const health = aggregateHealth(all(() => ({ status: 'down', latencyMs: 1, error: 'ECONNREFUSED' })), gateway);
    expect(health.dependencies.postgres).toEqual({ status: 'unknown' });
    expect(health.dependencies.redis).toEqual({ status: 'up' });
    expect(health.status).toBe('degraded');
  });

  it('treats an answer that is not a health report as down', () => {
    expect(probeFromReport(200, { hello: 1 }, 2)).toEqual({ status: 'down', latencyMs: 2, error: 'unexpected answer (HTTP 200)' });
  });

  it('treats a draining replica as down, saying why', () => {
    expect(probeFromReport(503, { status: 'draining', checks: {} }, 1)).toEqual({ status: 'down', latencyMs: 1, error: 'draining' });
  });

  it('reports a service of several replicas by its best one, lists each, and is ok only when every replica is up', () => {
    const down: ServiceProbe = { status: 'down', latencyMs: 1, error: 'ECONNREFUSED' };
    const sick = probeFromReport(503, { status: 'degraded', checks: { postgres: { status: 'down', error: 'refused' } } }, 2);
    const services = all(up);
    services.organizations = replicatedProbe([down, up({ latencyMs: 7 }), sick]);
    expect(services.organizations).toMatchObject({ status: 'up', latencyMs: 7, replicas: [down, up({ latencyMs: 7 }), sick] });
    const health = aggregateHealth(services, gateway);
    expect(health.unavailable).toEqual([]);
    expect(health.status).toBe('degraded');
    expect(health.dependencies.postgres).toEqual({ status: 'down', downFor: ['organizations'] });
    expect(replicatedProbe([down])).toBe(down);
    expect(aggregateHealth({ ...all(up), organizations: replicatedProbe([up(), up()]) }, gateway).status).toBe('ok');
  });
});

describe('merged API document', () => {
  it('puts service paths under /api, drops unroutable ones, tags by service and names missing services', () => {
    const merged = mergeOpenApi({
      title: 'API',
      version: '1.2.3',
      gateway: { paths: { '/api/health': { get: { summary: 'health' } } } },
      services: [
        {
          service: 'auth',
          prefixes: ['/auth'],
          document: {
            openapi: '3.0.3',
            paths: { '/auth/login': { post: { summary: 'login' } }, '/.well-known/jwks.json': { get: {} } },
            components: { schemas: { User: { type: 'object' } } },
          },
        },
        {
          service: 'content',
          prefixes: ['/blog'],
          document: {
            paths: { '/blog/posts': { get: { responses: { 200: { $ref: '#/components/schemas/User' } } } } },
            components: { schemas: { User: { type: 'string' } } },
          },
        },
        { service: 'posts', prefixes: ['/posts'], document: null, error: 'ECONNREFUSED' },
      ],
    });
    expect(Object.keys(merged.paths!)).toEqual(['/api/auth/login', '/api/blog/posts', '/api/health']);
    expect(merged.paths!['/api/auth/login']!.post).toEqual({ summary: 'login', tags: ['auth'] });
    expect(merged.paths!['/api/health']!.get).toEqual({ summary: 'health', tags: ['gateway'] });
    // content's User clashes with auth's: renamed, with its $ref rewritten.
    expect(merged.components!.schemas).toMatchObject({ User: { type: 'object' }, content_User: { type: 'string' } });
    expect(JSON.stringify(merged.paths!['/api/blog/posts'])).toContain('#/components/schemas/content_User');
    expect(merged['x-unavailable-services']).toEqual([{ service: 'posts', error: 'ECONNREFUSED' }]);
    expect(merged.info!.description).toContain('Unavailable right now: posts.');
    expect(merged.info!.version).toBe('1.2.3');
  });
});
