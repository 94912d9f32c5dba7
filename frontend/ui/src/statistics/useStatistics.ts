import type { Host } from '@planner/remote-contract';
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { canReloadAutomatically } from './data.js';

/**
 * Statistics loaded once, never retried by themselves after a failure (part 2
 * §4): for 10 s after a failure no automatic reload (window focus, network
 * back, coming back to the page) asks again; Try Again always does. When the
 * API answers again after the connection was lost, `connectionRestored` says
 * so (the prompt to click Try Again) until the next attempt.
 */
export function useStatistics<S>(host: Host, queryKey: readonly unknown[], load: () => Promise<S>) {
  const client = useQueryClient();
  const automatic = (query: Query<S, Error, S, readonly unknown[]>) => canReloadAutomatically(query.state, Date.now());
  const query = useQuery({
    queryKey,
    queryFn: load,
    retry: false,
    refetchOnWindowFocus: automatic,
    refetchOnReconnect: automatic,
    refetchOnMount: automatic,
    // A failed query shown again loads again, unless it failed within the back-off.
    retryOnMount: canReloadAutomatically(client.getQueryState(queryKey), Date.now()),
  });

  const failedAt = query.isError ? query.errorUpdatedAt : null;
  const [restoredAfter, setRestoredAfter] = useState<number | null>(null);
  useEffect(() => {
    if (failedAt === null) return;
    return host.onConnectionRestored(() => setRestoredAfter(failedAt));
  }, [host, failedAt]);

  return {
    query,
    /** The connection came back since the last failure. */
    connectionRestored: failedAt !== null && restoredAfter === failedAt,
    tryAgain: () => void query.refetch(),
  };
}
