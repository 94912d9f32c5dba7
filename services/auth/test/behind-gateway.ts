import type { AddressInfo } from 'node:net';
import type { JSONWebKeySet } from 'jose';
import { startGateway } from '@planner/gateway/testing';
import type { App } from '@planner/service-kit';

export interface Answer {
  statusCode: number;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: () => any;
}

export interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}

/**
 * Puts the auth app behind the real gateway (token check, routing under /api,
 * body limits), so each test call goes the way a browser's does. Rate limits
 * are raised out of the way: the system test covers them.
 */
export async function behindGateway(app: App, jwks: JSONWebKeySet): Promise<{ send: (request: Request) => Promise<Answer>; close: () => Promise<void> }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const gateway = await startGateway({
    upstreams: { auth: `http://127.0.0.1:${port}` },
    env: { RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000000' },
    jwks: jwks as never,
  });
  return {
    send: async ({ method, url, payload, headers = {} }) => {
      const res = await fetch(`${gateway.url}/api${url}`, {
        method,
        headers: { ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        body: payload !== undefined ? JSON.stringify(payload) : undefined,
      });
      const body = await res.text();
      return { statusCode: res.status, body, json: () => JSON.parse(body) };
    },
    close: () => gateway.close(),
  };
}
