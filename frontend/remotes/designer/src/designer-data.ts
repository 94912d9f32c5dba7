import { PLATFORM_DISPLAY_ORDER, platformIdOf, type ConnectionPlatform } from '@planner/contracts';
import type { DesignerData, Host } from '@planner/remote-contract';
import { accountName } from '@planner/ui/linked-accounts';
import { useQuery } from '@tanstack/react-query';
import type { PreviewAccount } from './post-form/PlatformPreview.js';

/** GET /organizations/{id}/designer-data of the selected organization, shared by the designer's pages (one cache entry). */
export function useDesignerData(host: Host) {
  const organizationId = host.organization?.id;
  return useQuery({
    queryKey: ['designer-data', organizationId],
    queryFn: () => host.api.request('GET', '/organizations/:id/designer-data', { params: { id: organizationId! } }),
    enabled: organizationId !== undefined,
    retry: false,
  });
}

/** The connected platforms, in the spec's display order, with the names the API takes. */
export function connectedPlatforms(data: DesignerData): { id: ConnectionPlatform; name: string }[] {
  const byId = new Map(
    data.activePlatforms.flatMap((platform) => {
      const id = platformIdOf(platform.name);
      return id ? [[id, platform.name] as const] : [];
    }),
  );
  return PLATFORM_DISPLAY_ORDER.filter((id) => byId.has(id)).map((id) => ({ id, name: byId.get(id)! }));
}

/** Who a post appears to come from on each platform: the connected account's name, else the organization's. */
export function previewAccounts(data: DesignerData): Record<ConnectionPlatform, PreviewAccount> {
  return Object.fromEntries(
    PLATFORM_DISPLAY_ORDER.map((platform) => {
      const connection = data.organization.platforms[platform.toUpperCase()];
      const username = connection?.specific_data.username;
      return [platform, { name: (connection && accountName(connection)) ?? data.organization.name, handle: typeof username === 'string' ? username : null }];
    }),
  ) as Record<ConnectionPlatform, PreviewAccount>;
}
