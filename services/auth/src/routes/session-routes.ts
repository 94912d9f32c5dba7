import { googleCallbackSchema, loginRequestSchema, meResponseSchema, registerRequestSchema, sessionResponseSchema } from '@planner/contracts';
import { bearerToken, requireUser, type App } from '@planner/service-kit';
import { googleSignIn, login, logout, me, refresh, register } from '../commands/sessions.js';
import type { AuthContext } from '../context.js';

/** Register, login, refresh, logout and me (part 1 §7 Auth). */
export async function sessionRoutes(app: App, { ctx }: { ctx: AuthContext }): Promise<void> {
  app.post(
    '/auth/register',
    { schema: { tags: ['auth'], body: registerRequestSchema, response: { 201: sessionResponseSchema } } },
    async (request, reply) => reply.status(201).send(await register(ctx, request.body, request.ip)),
  );

  app.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: sessionResponseSchema } } },
    async (request) => login(ctx, request.body, request.ip),
  );

  app.post(
    '/auth/google-callback',
    { schema: { tags: ['auth'], body: googleCallbackSchema, response: { 200: sessionResponseSchema } } },
    async (request) => googleSignIn(ctx, request.body.id_token),
  );

  app.post(
    '/auth/refresh',
    {
      config: { bearerIsNotAccessToken: true },
      schema: { tags: ['auth'], description: 'The refresh token goes as the bearer.', response: { 200: sessionResponseSchema } },
    },
    async (request) => refresh(ctx, bearerToken(request.headers.authorization)),
  );

  app.post('/auth/logout', { schema: { tags: ['auth'] } }, async (request) => {
    await logout(ctx, requireUser(request));
    return { success: true };
  });

  app.get('/auth/me', { schema: { tags: ['auth'], response: { 200: meResponseSchema } } }, async (request) =>
    me(ctx, requireUser(request)),
  );
}
