/**
 * Replicas of a service behind the gateway: which one takes a request, when
 * one is taken out and let back in, and when a request may be sent again.
 * Pure; the upstream pool (adapters/upstream-pool.ts) keeps the state and
 * applies these rules.
 */

/**
 * up: healthy; degraded: it answers but reports a dependency down (used only
 * when no replica is up: a shared dependency's outage is every replica's, and
 * taking them all out would turn it into a total one); out: refused or reset
 * a connection, failed its health check, or drains.
 */
export type ReplicaState = 'up' | 'degraded' | 'out';

/** A replica's standing: its state, why it is out, and since when (ms). */
export interface Standing {
  state: ReplicaState;
  since: number;
  reason?: string;
}

/** What a health probe found; `down` carries why (draining, no answer, refused, an unexpected answer). */
export type ProbeOutcome = { status: 'up' | 'degraded'; error?: undefined } | { status: 'down'; error: string };

export const initialStanding = (now: number): Standing => ({ state: 'up', since: now });

/** A connection refused or reset (a replica that died or stopped listening): out at once, until a probe finds it healthy. */
export function afterConnectionFailure(standing: Standing, reason: string, now: number): Standing {
  return standing.state === 'out' ? standing : { state: 'out', since: now, reason };
}

/**
 * After a health probe that started at `startedAt`. A probe that started
 * before the replica was taken out cannot let it back in: its answer may
 * predate the failure that took it out.
 */
export function afterProbe(standing: Standing, outcome: ProbeOutcome, startedAt: number, now: number): Standing {
  if (outcome.status === 'down') return standing.state === 'out' ? standing : { state: 'out', since: now, reason: outcome.error };
  if (standing.state === 'out' && startedAt < standing.since) return standing;
  return standing.state === outcome.status ? standing : { state: outcome.status, since: now };
}

/** What the choice needs to know of a replica. */
export interface ReplicaLoad {
  state: ReplicaState;
  inFlight: number;
}

const RANK: Record<ReplicaState, number> = { up: 0, degraded: 1, out: 2 };

/**
 * The replica for the next request: an up one if any, else a degraded one;
 * among those the one with the fewest requests in flight, ties going round
 * robin from `cursor`. -1 when every replica (but `skip`) is out.
 */
export function chooseReplica(replicas: readonly ReplicaLoad[], cursor: number, skip = -1): number {
  let best = -1;
  const count = replicas.length;
  for (let i = 0; i < count; i++) {
    const index = (cursor + i) % count;
    const replica = replicas[index]!;
    if (index === skip || replica.state === 'out') continue;
    const chosen = best === -1 ? undefined : replicas[best]!;
    if (!chosen || RANK[replica.state] < RANK[chosen.state] || (RANK[replica.state] === RANK[chosen.state] && replica.inFlight < chosen.inFlight)) best = index;
  }
  return best;
}

/** Errors of the connection itself: the request never reached the service's handler, or the service died under it. */
const CONNECTION_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

export function isConnectionFailure(code: string | undefined): boolean {
  return code !== undefined && CONNECTION_FAILURES.has(code);
}

/**
 * Whether a failed request is sent once more, on its first try and before any
 * answer came: a safe one (GET, HEAD) without a body that failed on the
 * connection; any other (POST…) only when its connection was refused and its
 * body can be sent again whole (none, read already, or a stream not yet
 * touched): the service never saw it, so it cannot have acted on it. Never
 * after a reset or a time-out of a request that is not safe: the service may
 * have acted on it.
 */
export function mayRetry(
  request: { method: string; hasBody: boolean; bodyUnsent: boolean; attempt: number },
  failure: { code: string | undefined; answered: boolean },
): boolean {
  if (request.attempt !== 1 || failure.answered) return false;
  const safe = request.method === 'GET' || request.method === 'HEAD';
  if (safe && !request.hasBody && isConnectionFailure(failure.code)) return true;
  return failure.code === 'ECONNREFUSED' && request.bodyUnsent;
}

/**
 * The replicas a name resolves to (a headless Service's A records, one per
 * ready pod): the upstream URL's origin with its host replaced by each
 * address, sorted, without repeats.
 */
export function discoveredOrigins(url: string, addresses: readonly string[]): string[] {
  const origin = new URL(url);
  const found = addresses.map((address) => {
    origin.hostname = address.includes(':') ? `[${address}]` : address;
    return origin.origin;
  });
  return [...new Set(found)].sort();
}

/**
 * How a service's members change when a lookup found `found`: the new ones
 * join, those no longer found leave. A lookup that found nothing changes
 * nothing: a name briefly unresolvable (every pod unready, DNS restarting)
 * must not empty the pool, and the members it keeps are still probed.
 */
export function membershipChange(current: readonly string[], found: readonly string[]): { joining: string[]; leaving: string[] } {
  if (found.length === 0) return { joining: [], leaving: [] };
  return { joining: found.filter((origin) => !current.includes(origin)), leaving: current.filter((origin) => !found.includes(origin)) };
}
