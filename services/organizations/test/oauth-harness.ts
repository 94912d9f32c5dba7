import { behindGateway } from '@planner/gateway/testing';
import { bearer, startTestService } from '@planner/service-kit/testing';
import { organizationsService } from '../src/service.js';

/** The app's public address in these tests: redirect URIs and result pages are built on it. */
export const APP_URL = 'http://app.test';

export interface Reply {
  status: number;
  location: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the service answered
  json: () => any;
}

/**
 * The organizations service behind the real gateway, started from the definition main runs, answering
 * redirects as they are (the OAuth callback's 302 is what the popup follows), plus a "browser" that visits
 * provider pages.
 */
export async function startConnectionsHarness(env: Record<string, string>) {
  const { ctx, app, close } = await startTestService(organizationsService, { env: { APP_URL, ...env } });
  const gateway = await behindGateway(app, 'organizations', ctx.keys.jwks);

  /** A request through the gateway, path relative to /api. */
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: { token?: string; payload?: object } = {}): Promise<Reply> => {
    const answer = await gateway.send({
      method,
      url: path,
      redirect: 'manual',
      ...(options.payload !== undefined && { payload: options.payload }),
      headers: bearer(options.token),
    });
    return { status: answer.statusCode, location: answer.headers.get('location'), json: answer.json };
  };
  /** The browser at an address outside the gateway (a provider's page): where it is sent next. */
  const visit = async (url: string): Promise<Reply> => {
    const res = await fetch(url, { redirect: 'manual' });
    const body = await res.text();
    return { status: res.status, location: res.headers.get('location'), json: () => JSON.parse(body) };
  };
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
      await close();
    },
  };
}
export type ConnectionsHarness = Awaited<ReturnType<typeof startConnectionsHarness>>;
