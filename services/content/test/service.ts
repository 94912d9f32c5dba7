import { randomUUID } from 'node:crypto';
import type { EventSubject } from '@planner/contracts';
import { behindGateway } from '@planner/gateway/testing';
import { publishEvent, signedBearer, startTestService, type EventInput } from '@planner/service-kit/testing';
import { contentService } from '../src/service.js';

export const SIGNING_KEY = 'test-newsletter-signing-key';

/** The content service as main runs it, on its own infrastructure, behind the real gateway, with tokens for an admin and a plain user. */
export async function startContent(env: Record<string, string> = {}) {
  const { ctx, app, close } = await startTestService(contentService, {
    env: { NEWSLETTER_SIGNING_KEY: SIGNING_KEY, APP_URL: 'https://planner.example', ...env },
  });
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
      await close();
    },
  };
}
export type Content = Awaited<ReturnType<typeof startContent>>;
