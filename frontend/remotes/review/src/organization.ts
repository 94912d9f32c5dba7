import type { Host } from '@planner/remote-contract';
import { useQuery } from '@tanstack/react-query';

/**
 * The selected organization's own settings (time zone, default review time):
 * its times are shown, and its schedules' slots worked out, in its zone.
 */
export function useOrganizationSettings(host: Host) {
  const id = host.organization?.id;
  return useQuery({
    queryKey: ['organization', id],
    queryFn: () => host.api.request('GET', '/organizations/:id', { params: { id: id! } }),
    enabled: id !== undefined,
    retry: false,
    staleTime: 60_000,
  });
}

