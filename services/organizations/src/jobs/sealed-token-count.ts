import { job, type Stop } from '@planner/service-kit';
import { countSealedTokens } from '../commands/reseal-tokens.js';
import type { OrganizationsContext } from '../context.js';

const EVERY_MS = 15 * 60_000;

/**
 * Counts the stored platform tokens by the key that sealed them, at start and every 15 minutes, and shows
 * the last count in /health (`sealedTokens`). Values no configured key opens are logged as errors but do
 * not stop the service: they break only their own connections (reconnecting seals them again), while a
 * pod refusing to start would stop every organization's publishing. Values sealed with a key other than
 * CONNECTION_TOKEN_KEY mean a rotation awaits its reseal (docs/operations.md "Rotate keys").
 */
export async function startSealedTokenCount(ctx: OrganizationsContext): Promise<Stop> {
  let last: Record<string, unknown> = { counted: false };
  ctx.health.sealedTokens = async () => last;
  const count = async () => {
    try {
      const counts = await countSealedTokens(ctx.dataSource, ctx.adapters.keys);
      last = { ...counts, countedAt: new Date().toISOString() };
      if (counts.none > 0)
        ctx.logger.error(counts, `${counts.none} stored platform tokens open with no configured connection token key: their connections fail until a missing key is configured again or they are reconnected`);
      if (counts.other > 0) ctx.logger.warn(counts, `${counts.other} stored platform tokens are not sealed with CONNECTION_TOKEN_KEY yet: reseal them before a key is dropped`);
    } catch (error) {
      ctx.logger.error({ err: error }, 'could not count the stored platform tokens by key');
    }
  };
  const first = count();
  const timer = setInterval(() => void count(), EVERY_MS);
  return async () => {
    clearInterval(timer);
    await first;
  };
}

export const sealedTokenCount = job('sealed-token-count', startSealedTokenCount);
