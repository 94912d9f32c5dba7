import { job, type Stop } from '@planner/service-kit';
import { resealStoredTokens } from '../commands/reseal-tokens.js';
import type { OrganizationsContext } from '../context.js';

/**
 * After a CONNECTION_TOKEN_KEY rotation (CONNECTION_TOKEN_PREVIOUS_KEYS set), seals the stored tokens
 * again with the new key at start, in the background: requests meanwhile open them with either key.
 * Every replica may run it; a value is only replaced while it is still the one read.
 */
export async function startTokenResealer(ctx: OrganizationsContext): Promise<Stop> {
  if (ctx.adapters.keys.previous.length === 0) return async () => undefined;
  const done = resealStoredTokens(ctx).then(
    (resealed) => ctx.logger.info({ resealed }, 'stored platform tokens sealed with the current CONNECTION_TOKEN_KEY; CONNECTION_TOKEN_PREVIOUS_KEYS can be removed'),
    (error: unknown) => ctx.logger.error({ err: error }, 'could not seal the stored platform tokens again; the previous keys still open them'),
  );
  return () => done;
}

export const tokenResealer = job('token-resealer', startTokenResealer);
