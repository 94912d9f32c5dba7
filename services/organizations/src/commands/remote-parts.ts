import { OrganizationMessages, PostRequests, SchedulerRequests } from '@planner/contracts';
import { ask, HttpError, PartUnavailableError, type ServiceContext } from '@planner/service-kit';

/** How long a page waits for the posts or scheduler service before saying what is missing. */
export const COMPOSITE_TIMEOUT_MS = 3000;
const wait = { timeoutMs: COMPOSITE_TIMEOUT_MS };

/** One part of an organization's page that another service supplies, under its key in the answer (e.g. `autoSchedules`). */
interface RemotePart<K extends string = string, T = unknown> {
  key: K;
  ask: (ctx: ServiceContext, organizationId: string) => Promise<T>;
}

const part = <K extends string, T>(key: K, askFor: RemotePart<K, T>['ask']): RemotePart<K, T> => ({ key, ask: askFor });

export const POSTS = part('posts', (ctx, organizationId) => ask(ctx, PostRequests.listForOrganization, { organization_id: organizationId }, wait));
export const AUTO_SCHEDULES = part('autoSchedules', (ctx, organizationId) =>
  ask(ctx, SchedulerRequests.listForOrganization, { organization_id: organizationId }, wait),
);
export const POST_STATISTICS = part('statistics', (ctx, organizationId) =>
  ask(ctx, PostRequests.statisticsForOrganization, { organization_id: organizationId }, wait),
);
/** The scheduler counts the organization's auto-schedules itself: the statistics need no list. */
export const SCHEDULE_COUNT = part('autoSchedules', (ctx, organizationId) => ask(ctx, SchedulerRequests.count, { organization_ids: [organizationId] }, wait));

/** The parts' answers, each under its key. */
type RemoteAnswers<P extends readonly RemotePart[]> = { [Part in P[number] as Part['key']]: Awaited<ReturnType<Part['ask']>> };

/**
 * Asks for an organization's parts all at once, each with the time-out. A part
 * whose service does not answer fails the whole answer with 503, naming every
 * missing part, so the page shows its message with Retry rather than a
 * calendar that looks empty. A refusal another service meant for the user
 * comes through as it is.
 */
export async function askRemoteParts<const P extends readonly RemotePart[]>(ctx: ServiceContext, organizationId: string, parts: P): Promise<RemoteAnswers<P>> {
  const answers = await Promise.allSettled(parts.map((remote) => remote.ask(ctx, organizationId)));
  const refusal = answers.find((answer) => answer.status === 'rejected' && !(answer.reason instanceof PartUnavailableError));
  if (refusal) throw (refusal as PromiseRejectedResult).reason;
  const missing = parts.filter((_, i) => answers[i]!.status === 'rejected').map((remote) => remote.key);
  if (missing.length > 0) throw new HttpError(503, OrganizationMessages.partUnavailable(missing), { unavailable: missing });
  return Object.fromEntries(parts.map((remote, i) => [remote.key, (answers[i] as PromiseFulfilledResult<unknown>).value])) as RemoteAnswers<P>;
}
