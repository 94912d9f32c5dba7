import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKeys, metricValue, scrapeMetrics, type TestKeys } from '@planner/service-kit/testing';
import { deadUrl, startGateway, startUpstream, type TestGateway, type Upstream } from './helpers.js';

let keys: TestKeys;
let upstream: Upstream;
let gateway: TestGateway;

beforeAll(async () => {
  keys = await createTestKeys();
  upstream = await startUpstream('auth', (app) => {
    app.get('/auth/users/:id', async () => ({ ok: true }));
    app.get('/auth/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { late: true };
    });
  });
  gateway = await startGateway({ keys, upstreams: { auth: upstream.url, posts: await deadUrl() } });
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

describe('gateway metrics', () => {
  it('counts and times proxied requests by the service they went to, with its prefix as the route', async () => {
    for (const id of ['a', 'b']) expect((await fetch(`${gateway.url}/api/auth/users/${id}`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/api/auth/slow`)).status).toBe(200);
    // A service that is down: 503 from the gateway, an error of that service.
    expect((await fetch(`${gateway.url}/api/posts/posts`)).status).toBe(503);

    const samples = await scrapeMetrics(gateway.url);
    const auth = { method: 'GET', route: '/api/auth/*', upstream: 'auth', status_class: '2xx' };
    expect(metricValue(samples, 'http_server_requests_total', auth)).toBe(3);
    expect(metricValue(samples, 'http_server_request_duration_seconds_count', auth)).toBe(3);
    // The slow one waited 300 ms upstream.
    expect(metricValue(samples, 'http_server_request_duration_seconds_sum', auth)).toBeGreaterThanOrEqual(0.3);
    expect(metricValue(samples, 'http_server_request_duration_seconds_bucket', { ...auth, le: '0.25' })).toBe(2);
    expect(metricValue(samples, 'http_server_errors_total', { route: '/api/posts/*', upstream: 'posts', status_class: '5xx' })).toBe(1);
    expect(samples.some((sample) => sample.labels.route?.startsWith('/api/auth/users/'))).toBe(false);
  });

  it('counts its own routes by their pattern, and serves /metrics without a token or a count of its own', async () => {
    expect((await fetch(`${gateway.url}/api/version`)).status).toBe(200);
    const samples = await scrapeMetrics(gateway.url);
    expect(metricValue(samples, 'http_server_requests_total', { route: '/api/version', status_class: '2xx' })).toBe(1);
    expect(metricValue(samples, 'http_server_requests_total', { route: '/metrics' })).toBeUndefined();
    expect(samples.find((sample) => sample.name === 'target_info')?.labels.service_name).toBe('gateway');
  });
});
