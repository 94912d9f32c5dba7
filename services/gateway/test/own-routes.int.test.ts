import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SERVICE_NAMES, SharedMessages, type ServiceName } from '@planner/contracts';
import { silentUrl, startGateway, startUpstream, type TestGateway, type Upstream } from './helpers.js';

const upstreams = {} as Record<ServiceName, Upstream>;
const urls = {} as Record<ServiceName, string>;
let sick: Upstream;
let gateway: TestGateway;

beforeAll(async () => {
  for (const service of SERVICE_NAMES) {
    upstreams[service] = await startUpstream(service, (app) => {
      if (service === 'auth') {
        app.post('/auth/login', { schema: { summary: 'Log in', body: z.object({ email: z.string() }) } }, async () => ({}));
        app.get('/.well-known/jwks.json', async () => ({ keys: [] }));
      }
      if (service === 'content') app.get('/blog/posts', { schema: { summary: 'Blog posts' } }, async () => ({ posts: [] }));
    });
    urls[service] = upstreams[service].url;
  }
  // A content service whose database is down: it answers /health with 503.
  sick = await startUpstream('content', () => {}, {
    health: {
      postgres: async () => {
        throw new Error('connection refused');
      },
      redis: async () => {},
      nats: async () => {},
    },
  });
  gateway = await startGateway({ upstreams: urls, env: { APP_VERSION: '9.9.9-test', HEALTH_TIMEOUT_MS: '500' } });
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all([...Object.values(upstreams).map((u) => u.close()), sick?.close()]);
});

interface Health {
  status: string;
  services: Record<string, { status: string; error?: string; checks?: Record<string, { status: string }> }>;
  dependencies: Record<string, { status: string; downFor?: string[] }>;
  gateway: Record<string, { status: string }>;
  unavailable: string[];
}

describe('/api/health', () => {
  it('answers 200 when every service and Postgres, Redis and NATS are up', async () => {
    const response = await fetch(`${gateway.url}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const health = (await response.json()) as Health;
    expect(health.status).toBe('ok');
    expect(Object.keys(health.services).sort()).toEqual([...SERVICE_NAMES].sort());
    for (const service of SERVICE_NAMES) expect(health.services[service]!.status).toBe('up');
    expect(health.dependencies).toEqual({ postgres: { status: 'up' }, redis: { status: 'up' }, nats: { status: 'up' } });
    expect(health.gateway).toMatchObject({ redis: { status: 'up' }, nats: { status: 'up' } });
    expect(health.unavailable).toEqual([]);
  });

  it('answers 503 naming a service that is down, one that does not answer in time, and a dependency found down', async () => {
    const silent = await silentUrl();
    const partial = await startGateway({
      upstreams: { ...urls, posts: undefined, scheduler: silent.url, content: sick.url },
      // Long enough for the healthy upstreams to answer on a loaded CI machine (300 ms was not).
      env: { HEALTH_TIMEOUT_MS: '2000' },
    });
    try {
      const started = Date.now();
      const response = await fetch(`${partial.url}/api/health`);
      expect(Date.now() - started).toBeLessThan(4000); // bounded by the time-out, although one never answers
      expect(response.status).toBe(503);
      const health = (await response.json()) as Health;
      expect(health.status).toBe('degraded');
      expect(health.unavailable).toEqual(['posts', 'scheduler', 'content']);
      expect(health.services.posts).toMatchObject({ status: 'down', error: 'ECONNREFUSED' });
      expect(health.services.scheduler).toMatchObject({ status: 'down', error: 'no answer within 2000 ms' });
      expect(health.services.content).toMatchObject({ status: 'degraded', checks: { postgres: { status: 'down' } } });
      expect(health.services.auth!.status).toBe('up');
      expect(health.dependencies.postgres).toEqual({ status: 'down', downFor: ['content'] });
      expect(health.dependencies.redis).toEqual({ status: 'up' });
    } finally {
      await partial.close();
      await silent.close();
    }
  });
});

describe('CORS', () => {
  it('answers preflights and marks answers for the configured origins only', async () => {
    const cors = await startGateway({ upstreams: urls, env: { CORS_ORIGINS: 'http://app.example, http://localhost:5173' } });
    try {
      const preflight = await fetch(`${cors.url}/api/auth/login`, {
        method: 'OPTIONS',
        headers: { origin: 'http://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://app.example');
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      const allowed = await fetch(`${cors.url}/api/version`, { headers: { origin: 'http://localhost:5173' } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(allowed.headers.get('access-control-expose-headers')).toContain('retry-after');
      const other = await fetch(`${cors.url}/api/version`, { headers: { origin: 'http://evil.example' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await cors.close();
    }
  });
});

describe('/api/version', () => {
  it('answers the version with no-cache headers', async () => {
    const response = await fetch(`${gateway.url}/api/version`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ version: '9.9.9-test' });
    expect(response.headers.get('cache-control')).toBe('no-store, no-cache, must-revalidate');
    expect(response.headers.get('pragma')).toBe('no-cache');
  });
});

describe('/api/docs', () => {
  it('serves the merged document: service paths under /api, the gateway’s own routes, missing services named', async () => {
    const partial = await startGateway({ upstreams: { ...urls, billing: undefined } });
    try {
      const response = await fetch(`${partial.url}/api/docs/openapi.json`);
      expect(response.status).toBe(200);
      const doc = (await response.json()) as { paths: Record<string, unknown>; 'x-unavailable-services': Array<{ service: string }> };
      expect(doc.paths['/api/auth/login']).toMatchObject({ post: { summary: 'Log in', tags: ['auth'] } });
      expect(doc.paths['/api/blog/posts']).toMatchObject({ get: { summary: 'Blog posts', tags: ['content'] } });
      expect(doc.paths['/api/health']).toBeDefined();
      expect(doc.paths['/api/logs/{name}']).toBeDefined();
      expect(Object.keys(doc.paths).some((p) => p.includes('jwks') || p.includes('*'))).toBe(false);
      expect(doc['x-unavailable-services'].map((u) => u.service)).toEqual(['billing']);
      // The UI's own document URL gets the same merged document.
      const ui = await fetch(`${partial.url}/api/docs/json`);
      expect(((await ui.json()) as { paths: Record<string, unknown> }).paths['/api/auth/login']).toBeDefined();
    } finally {
      await partial.close();
    }
  });

  it('serves a browsable page', async () => {
    const response = await fetch(`${gateway.url}/api/docs/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('swagger-ui');
  });
});

describe('the frontend at /', () => {
  it('serves an accessible placeholder page without a built frontend', async () => {
    const response = await fetch(`${gateway.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<main>[\s\S]*<h1>[\s\S]*<\/main>/);
    expect(html).toContain('href="/api/docs"');
    expect(html).toContain('href="/api/health"');
    const csp = response.headers.get('content-security-policy')!;
    // Scripts from this origin and the two widgets only (Turnstile, Google sign-in); no inline script.
    expect(csp).toContain("script-src 'self' https://challenges.cloudflare.com https://accounts.google.com/gsi/client;");
    expect(csp).toContain('frame-src https://challenges.cloudflare.com https://accounts.google.com/gsi/;');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('serves the built frontend with the SPA fallback to index.html', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><body><div id="root"></div></body></html>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc12345.js'), 'console.log(1)');
    const production = await startGateway({ env: { NODE_ENV: 'production', FRONTEND_DIST: dist } });
    try {
      const index = await fetch(`${production.url}/`);
      expect(index.status).toBe(200);
      expect(await index.text()).toContain('<div id="root">');
      const route = await fetch(`${production.url}/calendar/2026-01`);
      expect(route.status).toBe(200);
      expect(route.headers.get('content-type')).toContain('text/html');
      expect(await route.text()).toContain('<div id="root">');
      const asset = await fetch(`${production.url}/assets/index-abc12345.js`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await fetch(`${production.url}/assets/missing-1234abcd.js`)).status).toBe(404);
      const api = await fetch(`${production.url}/api/nothing-here`);
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ error: 'Not Found', message: SharedMessages.notFound });
    } finally {
      await production.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
