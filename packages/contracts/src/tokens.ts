import { z } from 'zod';
import { roleSchema } from './roles.js';

/** Issuer and audience of access tokens: signed by auth, accepted by every service. */
export const ACCESS_TOKEN_ISSUER = 'planner-auth';
export const ACCESS_TOKEN_AUDIENCE = 'planner-api';

/** Claims of an access token beyond the registered ones (sub, exp, iat, iss, aud). */
export const accessTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  role: roleSchema,
  email_verified: z.boolean(),
  /** The session (refresh-token family) the token belongs to: logout ends it. */
  sid: z.string().optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** Who is calling, as every service sees it after the token check. */
export interface Identity {
  userId: string;
  role: z.infer<typeof roleSchema>;
  emailVerified: boolean;
  sessionId?: string;
}

/** Headers the gateway sets after verifying a token (and strips when a client sends them). */
export const IDENTITY_HEADERS = {
  userId: 'x-user-id',
  role: 'x-user-role',
} as const;

/** Routes whose bearer is a refresh token, not an access token: the gateway passes it through unverified. */
export const REFRESH_BEARER_PATHS = ['/auth/refresh'] as const;
