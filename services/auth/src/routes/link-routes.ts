import { z } from 'zod';
import { AuthMessages, resendVerificationResponseSchema, resetPasswordSchema, resetRequestSchema, verifyEmailResponseSchema } from '@planner/contracts';
import { badRequest, requireUser, type App } from '@planner/service-kit';
import { requestPasswordReset, resendVerification, resetPassword, verifyEmail } from '../commands/one-time-links.js';
import type { AuthContext } from '../context.js';

const messageSchema = z.object({ message: z.string() });
const tokenParams = z.object({ token: z.string().max(200) });

/** E-mail verification and password reset, both through mailed single-use links. */
export async function linkRoutes(app: App, { ctx }: { ctx: AuthContext }): Promise<void> {
  app.post('/auth/resend-verification', { schema: { tags: ['auth'], response: { 200: resendVerificationResponseSchema } } }, async (request) =>
    resendVerification(ctx, requireUser(request)),
  );

  app.get('/auth/verify-email/:token', { schema: { tags: ['auth'], params: tokenParams, response: { 200: verifyEmailResponseSchema } } }, async (request) => {
    const { alreadyVerified } = await verifyEmail(ctx, request.params.token);
    return { message: alreadyVerified ? AuthMessages.emailAlreadyVerified : AuthMessages.emailVerified, already_verified: alreadyVerified };
  });

  app.post('/auth/reset-password', { schema: { tags: ['auth'], body: resetRequestSchema, response: { 200: messageSchema } } }, async (request) => {
    if (!(await ctx.adapters.securityCheck.verify(request.body.turnstile_token, request.ip))) {
      throw badRequest(AuthMessages.securityCheckRequired, { field: 'turnstile_token' });
    }
    await requestPasswordReset(ctx, request.body.email);
    return { message: AuthMessages.resetRequested };
  });

  app.post(
    '/auth/reset-password/:token',
    { schema: { tags: ['auth'], params: tokenParams, body: resetPasswordSchema, response: { 200: messageSchema } } },
    async (request) => {
      await resetPassword(ctx, request.params.token, request.body.new_password);
      return { message: AuthMessages.passwordResetDone };
    },
  );
}
