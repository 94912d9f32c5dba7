import { z } from 'zod';
import { serviceConfigSchema } from '@planner/service-kit';

export const configSchema = serviceConfigSchema(4001, {
  /** The first admin, created at start when both are set (idempotent). */
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Private Ed25519 JWK (JSON) that signs access tokens; a fresh one per process when absent. */
  AUTH_SIGNING_KEY: z.string().optional(),
  /** OAuth client id of "Sign in with Google"; without it Google sign-in is off. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  /** Google's ID-token signing certificates (PEM); a local stand-in in tests. */
  GOOGLE_CERTS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v1/certs'),
  /** Cloudflare Turnstile; without a secret the security check runs in sandbox mode. */
  TURNSTILE_SECRET: z.string().optional(),
  TURNSTILE_VERIFY_URL: z.string().url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
});
export type AuthConfig = z.infer<typeof configSchema>;
