import { z } from 'zod';
import type { App } from '@planner/service-kit';
import type { GatewayContext } from '../context.js';
import { resolveVersion } from '../version.js';

/** GET /api/version: the deployed version, never cached (the frontend compares it to reload on a release). */
export async function versionRoutes(app: App, { ctx }: { ctx: GatewayContext }): Promise<void> {
  const version = resolveVersion(ctx.config.APP_VERSION);
  app.get(
    '/api/version',
    { schema: { tags: ['gateway'], summary: 'The deployed version', response: { 200: z.object({ version: z.string() }) } } },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store, no-cache, must-revalidate')
        .header('pragma', 'no-cache')
        .header('expires', '0')
        .send({ version }),
  );
}
