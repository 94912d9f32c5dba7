import type { OrganizationsContext } from '../context.js';
import { resealToken } from '../domain/connections/token-cipher.js';
import { Connection } from '../entities/connection.entity.js';
import { SupportedPlatform } from '../entities/supported-platform.entity.js';

/** Every column that holds a value sealed with the connection key. */
const SEALED_COLUMNS = [
  { entity: Connection, columns: ['accessToken', 'refreshToken', 'pageAccessToken'] },
  { entity: SupportedPlatform, columns: ['otherCredentials'] },
] as const;

/**
 * Seals again with CONNECTION_TOKEN_KEY every stored token and credential that a previous key sealed,
 * so that the previous keys can be dropped. Each value is replaced only if it is still the one read:
 * a token refreshed meanwhile (sealed with the current key already) is never overwritten. Idempotent.
 */
export async function resealStoredTokens(ctx: OrganizationsContext): Promise<number> {
  const { token: current, previous } = ctx.adapters.keys;
  if (previous.length === 0) return 0;
  let resealed = 0;
  for (const { entity, columns } of SEALED_COLUMNS) {
    const repository = ctx.dataSource.getRepository<Record<string, string | null> & { id: string }>(entity);
    const rows = await repository.find({ select: Object.fromEntries(['id', ...columns].map((column) => [column, true])) });
    for (const row of rows) {
      for (const column of columns) {
        const stored = row[column];
        const fresh = stored ? resealToken(current, previous, stored) : null;
        if (!stored || !fresh) continue;
        const { affected } = await repository.update({ id: row.id, [column]: stored }, { [column]: fresh });
        resealed += affected ?? 0;
      }
    }
  }
  return resealed;
}
