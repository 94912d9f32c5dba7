import type { AddressInfo } from 'node:net';
import { startGateway, type TestGateway } from '@planner/gateway/testing';
import type { App } from '@planner/service-kit';
import { createTestContext, type TestServiceContext } from '@planner/service-kit/testing';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { entities, migrations } from '../src/entities/index.js';
import { connectionResponders } from '../src/events/connection-credentials.js';

/** The app's public address in these tests: redirect URIs and result pages are built on it. */
export const APP_URL = 'http://app.test';

export interface Reply {
  status: number;
  location: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the service answered
  json: () => any;
}

/**
 * The organizations app behind the real gateway, as behindGateway does, but answering redirects as they are
 * (the OAuth callback's 302 is what the popup follows), plus a "browser" that visits provider pages.
 */
export async function startConnectionsHarness(env: Record<string, string>) {
  const ctx: TestServiceContext = await createTestContext({ name: 'organizations', entities, migrations, configSchema, env: { APP_URL, ...env } });
  // The relay is not started: events are checked in the outbox, and a published event would create the
  // ORGANIZATIONS stream, whose `organizations.>` subjects also capture this service's request subjects (see report).
  connectionResponders(ctx);
  const app: App = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const gateway: TestGateway = await startGateway({
    upstreams: { organizations: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` },
    env: { RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000000' },
    jwks: ctx.keys.jwks,
  });

  const read = async (res: Response): Promise<Reply> => {
    const body = await res.text();
    return { status: res.status, location: res.headers.get('location'), json: () => JSON.parse(body) };
  };
  /** A request through the gateway, path relative to /api. */
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: { token?: string; payload?: object } = {}) =>
    read(
      await fetch(`${gateway.url}/api${path}`, {
        method,
        redirect: 'manual',
        headers: {
          ...(options.payload !== undefined && { 'content-type': 'application/json' }),
          ...(options.token && { authorization: `Bearer ${options.token}` }),
        },
        body: options.payload !== undefined ? JSON.stringify(options.payload) : undefined,
      }),
    );
  /** The browser at an address outside the gateway (a provider's page): where it is sent next. */
  const visit = async (url: string) => read(await fetch(url, { redirect: 'manual' }));
  /** The browser arriving at an address on the app's public host, which the gateway serves. */
  const arrive = (url: string) => {
    const target = new URL(url);
    if (target.origin !== APP_URL || !target.pathname.startsWith('/api/')) throw new Error(`not an API address of the app: ${url}`);
    return send('GET', `${target.pathname.slice(4)}${target.search}`);
  };

  return {
    ctx,
    send,
    visit,
    arrive,
    close: async () => {
      await gateway.close();
      await app.close();
      await ctx.cleanup();
    },
  };
}
export type ConnectionsHarness = Awaited<ReturnType<typeof startConnectionsHarness>>;
