import http from 'node:http';
import net from 'node:net';
import { createLogger, createServer, TokenVerifier, type App, type HealthCheck } from '@planner/service-kit';
import { loopbackUrl, type TestKeys } from '@planner/service-kit/testing';

export { deadUrl, startGateway, type TestGateway } from '../src/testing.js';

const logLevel = process.env.TEST_LOG_LEVEL ?? 'silent';

export interface Upstream {
  url: string;
  app: App;
  close: () => Promise<void>;
}

/**
 * A real service (the kit's createServer) on a free port (or `port`: a replica restarted where it was, or
 * another replica's port on its own loopback `host`, as pods share a port on their own addresses), with routes added by `routes`.
 */
export async function startUpstream(
  name: string,
  routes: (app: App) => void = () => {},
  options: { health?: Record<string, HealthCheck>; keys?: TestKeys; port?: number; host?: string } = {},
): Promise<Upstream> {
  const app = await createServer({
    name,
    logger: createLogger({ service: name, level: logLevel }),
    health: options.health ?? { postgres: async () => {}, redis: async () => {}, nats: async () => {} },
    verifier: options.keys ? new TokenVerifier({ jwks: options.keys.jwks }) : undefined,
  });
  routes(app);
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const close = async () => {
    const closed = app.close();
    // A kept-alive connection (the gateway's, its health probes') answered just now is not idle yet: it would hold the close.
    app.server.closeAllConnections();
    await closed;
  };
  const url = options.host ? `http://${options.host}:${new URL(loopbackUrl(app)).port}` : loopbackUrl(app);
  return { url, app, close };
}

/** A service that accepts connections and never answers. */
export async function silentUrl(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: loopbackUrl(server),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
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
