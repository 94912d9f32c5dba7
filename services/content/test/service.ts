import { randomUUID } from 'node:crypto';
import type net from 'node:net';
import { startGateway, type Answer, type GatewayRequest } from '@planner/gateway/testing';
import { startTestService } from '@planner/service-kit/testing';
import { contentService } from '../src/service.js';

export const SIGNING_KEY = 'test-newsletter-signing-key';

/** The content service as main runs it, on its own infrastructure, behind the real gateway, with tokens for an admin and a plain user. */
export async function startContent(env: Record<string, string> = {}) {
  const { ctx, app, close } = await startTestService(contentService, {
    env: { NEWSLETTER_SIGNING_KEY: SIGNING_KEY, APP_URL: 'https://planner.example', ...env },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const gateway = await startGateway({
    upstreams: { content: `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}` },
    env: { RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_ADDRESS_MAX: '1000000' },
    jwks: ctx.keys.jwks,
  });
  const api = gatewayClient(gateway.url);
  const adminId = randomUUID();
  const tokens = {
    admin: { authorization: `Bearer ${await ctx.keys.sign({ sub: adminId, role: 'admin' })}` },
    user: { authorization: `Bearer ${await ctx.keys.sign({ sub: randomUUID(), role: 'pro' })}` },
  };
  const publish = (subject: string, data: object) =>
    ctx.bus.publish({ eventId: randomUUID(), subject, occurredAt: new Date().toISOString(), schemaVersion: 1, data });
  return {
    ctx,
    app,
    api,
    adminId,
    tokens,
    publish,
    close: async () => {
      await gateway.close();
      await close();
    },
  };
}
export type Content = Awaited<ReturnType<typeof startContent>>;

/**
 * Calls through the gateway as a browser or mail client would: `send` for
 * JSON, `fetch` for the rest (form bodies, redirects not followed). Like
 * behindGateway's, which hides the gateway's address these tests need.
 */
export function gatewayClient(gatewayUrl: string) {
  const fetchApi = (path: string, init: RequestInit = {}) => fetch(`${gatewayUrl}/api${path}`, { redirect: 'manual', ...init });
  return {
    fetch: fetchApi,
    /** A link from a mail (on APP_URL) followed through this gateway. */
    follow: (link: string, init: RequestInit = {}) => fetchApi(link.replace(/^https:\/\/planner\.example\/api/, ''), init),
    send: async ({ method, url, payload, headers = {} }: GatewayRequest): Promise<Answer> => {
      const res = await fetchApi(url, {
        method,
        headers: { ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        body: payload !== undefined ? JSON.stringify(payload) : undefined,
      });
      const body = await res.text();
      return { statusCode: res.status, headers: res.headers, body, json: () => JSON.parse(body) };
    },
  };
}
