import { globalStatisticsSchema, OrganizationRequests, SchedulerRequests, type AccountStatistics, type GlobalStatistics } from '@planner/contracts';
import { ask, type ServiceContext } from '@planner/service-kit';
import { accountStatistics, globalStatistics, isCurrent, STATISTICS_GUARD_MS } from '../domain/statistics.js';
import { countPosts, countPostStatistics } from './post-statistics.js';

/** How long statistics wait for the organizations or scheduler service (no answer: 503). */
const waitForCounts = { timeoutMs: 3000 };

/** The last global statistics computed, shared by every replica. */
export const GLOBAL_STATISTICS_KEY = 'statistics:global';
/** Held (for STATISTICS_GUARD_MS) by the replica that recomputes them. */
const GUARD_KEY = 'statistics:global:guard';

/**
 * The statistics routes' figures. Global ones are counted where each part
 * lives (posts here, organizations and auto-schedules by request to their
 * services) at most once a minute and kept in Redis, so a burst of landing
 * visitors reads one cached answer. Account statistics are counted per call.
 */
export class Statistics {
  /** This replica's computation under way: callers arriving meanwhile share it. */
  private computing: Promise<GlobalStatistics> | null = null;

  constructor(private readonly ctx: ServiceContext) {}

  /**
   * The current global statistics. Once they are a minute old one replica
   * computes them again while the others keep answering the last ones; if
   * another service does not answer, the last ones stand (their last_updated
   * says how old they are) and the next try waits out the guard.
   * Without any figures yet, a missing part is a 503.
   */
  async global(): Promise<GlobalStatistics> {
    const last = await this.last();
    if (last && isCurrent(last.last_updated, new Date())) return last;
    this.computing ??= this.recomputeUnlessCurrent().finally(() => (this.computing = null));
    return this.computing;
  }

  /** Computes the global statistics now (the admin's refresh), whatever is cached. */
  refresh(): Promise<GlobalStatistics> {
    return this.computeAndStore();
  }

  /** The statistics of the organizations a user owns (part 2 §3 User accounts statistics). */
  async account(userId: string): Promise<AccountStatistics> {
    const owned = await ask(this.ctx, OrganizationRequests.listByOwner, { user_id: userId }, waitForCounts);
    const organizationIds = owned.map((organization) => organization.id);
    const [posts, schedules] = await Promise.all([
      countPosts(this.ctx, { organizationIds }),
      ask(this.ctx, SchedulerRequests.count, { organization_ids: organizationIds }, waitForCounts),
    ]);
    return accountStatistics(posts, schedules);
  }

  private async recomputeUnlessCurrent(): Promise<GlobalStatistics> {
    // Read again: a caller that found nothing may come after this replica has just stored them.
    const last = await this.last();
    if (!last) return this.computeAndStore();
    if (isCurrent(last.last_updated, new Date())) return last;
    const guarded = await this.ctx.redis.set(GUARD_KEY, '1', 'PX', STATISTICS_GUARD_MS, 'NX');
    if (!guarded) return last;
    try {
      return await this.computeAndStore();
    } catch (error) {
      this.ctx.logger.warn({ err: error }, 'statistics: recomputing failed; the last ones stand');
      return last;
    }
  }

  private async computeAndStore(): Promise<GlobalStatistics> {
    const now = new Date();
    const [posts, organizations, schedules] = await Promise.all([
      countPostStatistics(this.ctx, 'all', now),
      ask(this.ctx, OrganizationRequests.count, {}, waitForCounts),
      ask(this.ctx, SchedulerRequests.count, {}, waitForCounts),
    ]);
    const statistics = globalStatistics(posts, organizations, schedules);
    await this.ctx.redis.set(GLOBAL_STATISTICS_KEY, JSON.stringify(statistics));
    return statistics;
  }

  private async last(): Promise<GlobalStatistics | null> {
    const stored = await this.ctx.redis.get(GLOBAL_STATISTICS_KEY);
    if (!stored) return null;
    // Figures stored by an older version that no longer fit the schema are recomputed.
    const parsed = globalStatisticsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  }
}
