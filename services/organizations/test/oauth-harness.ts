import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { behindGateway } from '@planner/gateway/testing';
import { bearer, startTestService } from '@planner/service-kit/testing';
import { organizationsService } from '../src/service.js';
import type { PlatformStandIn } from './stand-ins/platforms.js';

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

/** A signed-in user (with a verified e-mail unless told otherwise), who owns what they create. */
export async function signedIn(h: ConnectionsHarness, emailVerified = true): Promise<{ id: string; token: string }> {
  const id = randomUUID();
  return { id, token: await h.ctx.keys.sign({ sub: id, role: 'advanced', email_verified: emailVerified }) };
}

/** A new organization of the user's, through the API. */
export async function newOrganization(h: ConnectionsHarness, user: { token: string }): Promise<string> {
  const created = await h.send('POST', '/organizations', { token: user.token, payload: { name: `Brand ${randomUUID().slice(0, 6)}` } });
  expect(created.status).toBe(201);
  return created.json().id;
}

/** The popup's way: authorize → the provider's page → back to the app's callback address (not yet visited). */
export async function consentAt(h: ConnectionsHarness, provider: PlatformStandIn, organizationId: string, token: string): Promise<string> {
  const { platform } = provider;
  const started = await h.send('POST', `/oauth/${platform}/authorize`, { token, payload: { organization_id: organizationId } });
  expect(started.status).toBe(200);
  const redirectUrl: string = started.json().redirect_url;
  expect(redirectUrl.startsWith(`${provider.standIn.url}${provider.authorizePath}`)).toBe(true);
  const page = await h.visit(redirectUrl);
  expect(page.status).toBe(302);
  const back = new URL(page.location!);
  expect(`${back.origin}${back.pathname}`).toBe(`${APP_URL}/api/oauth/${platform}/callback`);
  return back.toString();
}
