import { randomUUID } from 'node:crypto';
import { behindGateway } from '@planner/gateway/testing';
import type { App } from '@planner/service-kit';
import { createTestContext, type TestServiceContext } from '@planner/service-kit/testing';
import { buildApp } from '../src/app.js';
import { configSchema, type ContentConfig } from '../src/config.js';
import { entities, migrations } from '../src/entities/index.js';

export const SIGNING_KEY = 'test-newsletter-signing-key';

/** The content app on its own infrastructure, behind the real gateway, with tokens for an admin and a plain user. */
export async function startContent(name: string, env: Record<string, string> = {}) {
  const ctx: TestServiceContext<ContentConfig> = await createTestContext({
    name,
    entities,
    migrations,
    configSchema,
    env: { NEWSLETTER_SIGNING_KEY: SIGNING_KEY, APP_URL: 'https://planner.example', ...env },
  });
  const app: App = await buildApp(ctx);
  const api = await behindGateway(app, 'content', ctx.keys.jwks);
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
      await api.close();
      await app.close();
      await ctx.cleanup();
    },
  };
}
export type Content = Awaited<ReturnType<typeof startContent>>;
