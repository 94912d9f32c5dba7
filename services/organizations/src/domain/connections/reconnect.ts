import type { ConnectionPlatform } from '@planner/contracts';
import type { SpecificData } from '../../entities/connection.entity.js';

/** What a connection says of its account: `specific_data` and the account's link. */
export interface AccountFields {
  specificData: SpecificData;
  url: string | null;
}

/**
 * A connection's account fields once the account is connected again: the
 * profile just read, plus what the user chose on the connection that a
 * reconnect of the same account must keep: the LinkedIn page it posts as and
 * the page's link (else the page's scheduled posts would go out on the
 * member's own profile). Another account, or none known, starts afresh.
 */
export function accountAfterReconnect(platform: ConnectionPlatform, previous: AccountFields | null, fresh: AccountFields): AccountFields {
  const page = previous?.specificData.organization_id;
  if (platform !== 'linkedin' || !previous || typeof page !== 'string') return fresh;
  const person = fresh.specificData.person_id;
  if (typeof person !== 'string' || person !== previous.specificData.person_id) return fresh;
  return { specificData: { ...fresh.specificData, organization_id: page, organization_name: previous.specificData.organization_name ?? null }, url: previous.url };
}
