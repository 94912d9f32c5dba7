/**
 * The gateway for tests, here and in other services' tests (a service's
 * endpoints tested through the real gateway): `@planner/gateway/testing`.
 */
import { SERVICE_NAMES, type ServiceName } from '@planner/contracts';
import { connectInfrastructure, createLogger, disconnectInfrastructure, loadConfig, Redis, startService, TokenVerifier, type App } from '@planner/service-kit';
import { createTestKeys, freePort, loopbackUrl, testId, testInfrastructure, type TestKeys } from '@planner/service-kit/testing';
import type { GatewayAdapters } from './adapters/index.js';
import { configSchema, upstreamVariable } from './config.js';
import type { GatewayContext } from './context.js';
import { gatewayService } from './service.js';

const logLevel = process.env.TEST_LOG_LEVEL ?? 'silent';

/** Rate limits raised out of the way, for tests of something else (the gateway's own tests cover the limits). */
export const NO_RATE_LIMITS = { RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_ADDRESS_MAX: '1000000' };

/** A URL where nothing listens (a service that is down). */
export async function deadUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

export interface TestGateway {
  url: string;
  app: App;
  ctx: GatewayContext;
  keys: TestKeys;
  id: string;
  close: () => Promise<void>;
}

/**
 * The gateway as its main runs it (the same definition) on a free port over
 * real Redis and NATS, isolated by its own key prefix and subject namespace.
 * `upstreams` maps services to a URL or their replicas' URLs (the rest point
 * to a port where nothing listens); `adapters` replace the gateway's own.
 */
export async function startGateway(
  options: {
    upstreams?: Partial<Record<ServiceName, string | readonly string[]>>;
    env?: Record<string, string>;
    keys?: TestKeys;
    /** Verify tokens against these keys instead (a real auth service's, say), or those at this JWKS address. */
    jwks?: TestKeys['jwks'] | string;
    /** The NATS namespace of the services it stands before, so it hears their events (session revocations); its own when absent. */
    namespace?: string;
    adapters?: Partial<GatewayAdapters>;
  } = {},
): Promise<TestGateway> {
  const urls = await testInfrastructure();
  const id = testId('gateway');
  const keys = options.keys ?? (await createTestKeys());
  const dead = await deadUrl();
  const upstreamEnv = Object.fromEntries(SERVICE_NAMES.map((service) => [upstreamVariable(service), [options.upstreams?.[service] ?? dead].flat().join(',')]));
  const config = loadConfig(configSchema, {
    NODE_ENV: 'test',
    REDIS_URL: urls.redisUrl,
    NATS_URL: urls.natsUrl,
    LOG_LEVEL: logLevel,
    LOG_DIR: '/nonexistent-gateway-test-logs',
    ...upstreamEnv,
    ...options.env,
  });
  const infrastructure = await connectInfrastructure({
    name: gatewayService.name,
    config,
    logger: createLogger({ service: gatewayService.name, level: logLevel }),
    redis: gatewayService.redis,
    redisPrefix: `${id}:`,
    namespace: options.namespace ?? id,
    verifier: new TokenVerifier({ jwks: options.jwks ?? keys.jwks }),
  });
  const { ctx, app, stop } = await startService(gatewayService, infrastructure, { adapters: options.adapters }).catch(async (error: unknown) => {
    await disconnectInfrastructure(infrastructure);
    throw error;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: loopbackUrl(app),
    app,
    ctx,
    keys,
    id,
    close: async () => {
      await stop();
      const plain = new Redis(urls.redisUrl);
      const stale = await plain.keys(`${id}:*`);
      if (stale.length > 0) await plain.del(...stale);
      plain.disconnect();
      await disconnectInfrastructure(ctx);
    },
  };
}

export interface Answer {
  statusCode: number;
  headers: Headers;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the service answered
  json: () => any;
}

export interface GatewayRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Sent as JSON. */
  payload?: object;
  /** Sent as it is (a form, a file), with the content type the test sets. */
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** 'manual' answers a redirect itself (its status and Location), as a test of the redirect wants. */
  redirect?: 'follow' | 'manual';
}

export interface GatewayClient {
  /** The gateway's base URL, for what a test sends by other means (a browser, a raw request). */
  url: string;
  send: (request: GatewayRequest) => Promise<Answer>;
  /** A request under /api sent as it is (a form, a page, a redirect to look at): the Response itself, redirects not followed. */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
}

/** A client of a gateway at `url`: paths are relative to /api. */
export function gatewayClient(url: string, close: () => Promise<void> = async () => {}): GatewayClient {
  return {
    url,
    send: async ({ method, url: path, payload, body, headers = {}, redirect = 'follow' }) => {
      const res = await fetch(`${url}/api${path}`, {
        method,
        headers: { ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        body: payload !== undefined ? JSON.stringify(payload) : body,
        redirect,
      });
      const text = await res.text();
      return { statusCode: res.status, headers: res.headers, body: text, json: () => JSON.parse(text) };
    },
    fetch: (path, init = {}) => fetch(`${url}/api${path}`, { redirect: 'manual', ...init }),
    close,
  };
}

/**
 * Puts a service's app behind the real gateway (token check, routing under
 * /api, body limits), so each test call goes the way a browser's does. Rate
 * limits are raised out of the way: the gateway's own tests cover them.
 * `namespace` (the service's test context id) lets the gateway hear the
 * service's events, as in production.
 */
export async function behindGateway(
  app: App,
  service: ServiceName,
  jwks: TestKeys['jwks'],
  options: { namespace?: string } = {},
): Promise<GatewayClient & { gateway: TestGateway }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const gateway = await startGateway({ upstreams: { [service]: loopbackUrl(app) }, env: NO_RATE_LIMITS, jwks, namespace: options.namespace });
  return { ...gatewayClient(gateway.url, () => gateway.close()), gateway };
}
