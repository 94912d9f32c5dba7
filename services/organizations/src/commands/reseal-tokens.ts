import { MoreThan, type DataSource } from 'typeorm';
import { openingKeys, type ConnectionKeys } from '../adapters/index.js';
import { resealToken, sealState, type SealState } from '../domain/connections/token-cipher.js';
import { Connection } from '../entities/connection.entity.js';
import { SupportedPlatform } from '../entities/supported-platform.entity.js';

/** Every column that holds a value sealed with the connection key. */
const SEALED_COLUMNS = [
  { entity: Connection, columns: ['accessToken', 'refreshToken', 'pageAccessToken'] },
  { entity: SupportedPlatform, columns: ['otherCredentials'] },
] as const;

/** Rows read at a time: a reseal or a count never holds every token in memory. */
const BATCH = 500;

interface SealedValue {
  entity: (typeof SEALED_COLUMNS)[number]['entity'];
  id: string;
  column: string;
  stored: string;
}

/** Every stored sealed value, read in batches in id order. */
async function* sealedValues(dataSource: DataSource): AsyncGenerator<SealedValue> {
  for (const { entity, columns } of SEALED_COLUMNS) {
    const repository = dataSource.getRepository<Record<string, string | null> & { id: string }>(entity);
    const select = Object.fromEntries(['id', ...columns].map((column) => [column, true]));
    for (let after = ''; ; ) {
      const rows = await repository.find({ select, where: after ? { id: MoreThan(after) } : {}, order: { id: 'ASC' }, take: BATCH });
      for (const row of rows) {
        for (const column of columns) {
          const stored = row[column];
          if (stored) yield { entity, id: row.id, column, stored };
        }
      }
      if (rows.length < BATCH) break;
      after = rows.at(-1)!.id;
    }
  }
}

/** How many stored values are sealed with CONNECTION_TOKEN_KEY (`current`), with another configured key (`other`), or with none of them (`none`). */
export async function countSealedTokens(dataSource: DataSource, keys: ConnectionKeys): Promise<Record<SealState, number>> {
  const counts: Record<SealState, number> = { current: 0, other: 0, none: 0 };
  for await (const { stored } of sealedValues(dataSource)) counts[sealState(openingKeys(keys), stored)] += 1;
  return counts;
}

/**
 * Seals again with CONNECTION_TOKEN_KEY every stored token and credential that another configured key
 * sealed, then counts what is still not sealed with it (a pod still sealing with the old key wrote it
 * meanwhile, or no configured key opens it). Each value is replaced only if it is still the one read:
 * a token refreshed meanwhile is never overwritten. Idempotent.
 */
export async function resealStoredTokens(dataSource: DataSource, keys: ConnectionKeys): Promise<{ resealed: number; left: Record<SealState, number> }> {
  let resealed = 0;
  for await (const { entity, id, column, stored } of sealedValues(dataSource)) {
    const fresh = resealToken(openingKeys(keys), stored);
    if (!fresh) continue;
    const { affected } = await dataSource.getRepository(entity).update({ id, [column]: stored }, { [column]: fresh });
    resealed += affected ?? 0;
  }
  return { resealed, left: await countSealedTokens(dataSource, keys) };
}
