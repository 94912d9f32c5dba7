import http from 'node:http';
import net from 'node:net';
import { SERVICE_NAMES, type ServiceName } from '@planner/contracts';
import { createLogger, createServer, loadConfig, Redis, TokenVerifier, type App, type HealthCheck } from '@planner/service-kit';
import { createTestKeys, testId, testInfrastructure, type TestKeys } from '@planner/service-kit/testing';
import { buildGateway } from '../src/app.js';
import { configSchema, upstreamVariable } from '../src/config.js';
import { connectGateway, disconnectGateway, type GatewayContext } from '../src/adapters/context.js';

const logLevel = process.env.TEST_LOG_LEVEL ?? 'silent';

export interface Upstream {
  url: string;
  app: App;
  close: () => Promise<void>;
}

/** A real service (the kit's createServer) on a free port, with routes added by `routes`. */
export async function startUpstream(
  name: string,
  routes: (app: App) => void = () => {},
  options: { health?: Record<string, HealthCheck>; keys?: TestKeys } = {},
): Promise<Upstream> {
  const app = await createServer({
    name,
    logger: createLogger({ service: name, level: logLevel }),
    health: options.health ?? { postgres: async () => {}, redis: async () => {}, nats: async () => {} },
    verifier: options.keys ? new TokenVerifier({ jwks: options.keys.jwks }) : undefined,
  });
  routes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, app, close: () => app.close() };
}

/** A URL where nothing listens (a service that is down). */
export async function deadUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A service that accepts connections and never answers. */
export async function silentUrl(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
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
 * The gateway app (buildGateway) on a free port over real Redis and NATS,
 * isolated by its own key prefix and subject namespace. `upstreams` maps
 * services to URLs (the rest point to a port where nothing listens).
 */
export async function startGateway(
  options: { upstreams?: Partial<Record<ServiceName, string>>; env?: Record<string, string>; keys?: TestKeys } = {},
): Promise<TestGateway> {
  const urls = await testInfrastructure();
  const id = testId('gateway');
  const keys = options.keys ?? (await createTestKeys());
  const dead = await deadUrl();
  const upstreamEnv = Object.fromEntries(SERVICE_NAMES.map((service) => [upstreamVariable(service), options.upstreams?.[service] ?? dead]));
  const config = loadConfig(configSchema, {
    NODE_ENV: 'test',
    REDIS_URL: urls.redisUrl,
    NATS_URL: urls.natsUrl,
    LOG_LEVEL: logLevel,
    LOG_DIR: '/nonexistent-gateway-test-logs',
    ...upstreamEnv,
    ...options.env,
  });
  const logger = createLogger({ service: 'gateway', level: logLevel });
  const ctx = await connectGateway(config, logger, { redisPrefix: `${id}:`, namespace: id, jwks: keys.jwks });
  const app = await buildGateway(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    ctx,
    keys,
    id,
    close: async () => {
      await app.close();
      const plain = new Redis(urls.redisUrl);
      const stale = await plain.keys(`${id}:*`);
      if (stale.length > 0) await plain.del(...stale);
      plain.disconnect();
      await disconnectGateway(ctx);
    },
  };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: () => unknown;
}

/**
 * A request sent exactly as written (no URL normalisation, optional chunked
 * body): what a hostile or unusual client can send.
 */
export function rawRequest(
  base: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer; chunks?: Buffer[] },
): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method: options.method ?? 'GET', path: options.path, headers: options.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text, json: () => JSON.parse(text) }));
    });
    // The gateway may answer (413) and close before the whole body went out.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    if (options.chunks) {
      for (const chunk of options.chunks) req.write(chunk);
      req.end();
    } else {
      req.end(options.body);
    }
  });
}

export { waitFor } from '@planner/service-kit/testing';
