import type { EntityManager } from 'typeorm';
import type { ServiceContext } from '@planner/service-kit';
import { RefreshToken } from '../entities/refresh-token.entity.js';

/** Which of a user's live sessions end: all, one, or all but the caller's own. */
export type SessionsToEnd = { all: true } | { only: string } | { allBut: string | undefined };

/**
 * Revokes the user's live sessions that `which` names and announces exactly
 * those (`auth.sessions.revoked` with their ids), in the caller's transaction,
 * so every token cache ends them and no session opened later.
 */
export async function endSessions(ctx: ServiceContext, manager: EntityManager, userId: string, which: SessionsToEnd, reason: string): Promise<string[]> {
  const query = manager
    .createQueryBuilder()
    .update(RefreshToken)
    .set({ revokedAt: () => 'now()' })
    .where('user_id = :userId AND revoked_at IS NULL', { userId })
    .returning('family_id');
  if ('only' in which) query.andWhere('family_id = :familyId', { familyId: which.only });
  if ('allBut' in which && which.allBut) query.andWhere('family_id <> :familyId', { familyId: which.allBut });
  const { raw } = await query.execute();
  const sessionIds = [...new Set((raw as Array<{ family_id: string }>).map((row) => row.family_id))];
  if (sessionIds.length > 0) await ctx.outbox.add(manager, 'auth.sessions.revoked', { userId, sessionIds, reason });
  return sessionIds;
}
