import { randomUUID } from 'node:crypto';
import { behindGateway } from '@planner/gateway/testing';
import type { App } from '@planner/service-kit';
import { createTestContext, publishEvent, signedBearer, type EventInput, type TestServiceContext } from '@planner/service-kit/testing';
import type { EventSubject } from '@planner/contracts';
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
  const gateway = await behindGateway(app, 'content', ctx.keys.jwks);
  const adminId = randomUUID();
  const tokens = {
    admin: await signedBearer(ctx.keys, { sub: adminId, role: 'admin' }),
    user: await signedBearer(ctx.keys, { sub: randomUUID(), role: 'pro' }),
  };
  const publish = <S extends EventSubject>(subject: S, data: EventInput<S>) => publishEvent(ctx, subject, data);
  return {
    ctx,
    app,
    api: {
      ...gateway,
      /** A link from a mail (on APP_URL) followed through this gateway, redirects not followed. */
      follow: (link: string, init: RequestInit = {}) => gateway.fetch(link.replace(/^https:\/\/planner\.example\/api/, ''), init),
    },
    adminId,
    tokens,
    publish,
    close: async () => {
      await gateway.close();
      await app.close();
      await ctx.cleanup();
    },
  };
}
export type Content = Awaited<ReturnType<typeof startContent>>;
