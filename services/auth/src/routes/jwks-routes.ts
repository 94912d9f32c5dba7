import type { App } from '@planner/service-kit';
import type { AuthContext } from '../context.js';

/** Public keys of access tokens, for the gateway and every service (and under /auth through the gateway). */
export async function jwksRoutes(app: App, { ctx }: { ctx: AuthContext }): Promise<void> {
  for (const url of ['/.well-known/jwks.json', '/auth/.well-known/jwks.json']) {
    app.get(url, { schema: { hide: url.startsWith('/.well-known') } }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(ctx.adapters.keys.jwks),
    );
  }
}
