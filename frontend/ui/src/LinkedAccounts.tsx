import { PLATFORM_DISPLAY_NAMES, PLATFORM_DISPLAY_ORDER } from '@planner/contracts';
import type { PlatformConnection } from '@planner/remote-contract';
import { Link } from 'react-router-dom';
import { Collapsible } from './Collapsible.js';
import { PlatformIcon } from './PlatformIcon.js';

/**
 * Part 2 §2's Linked Accounts panel (Account Configuration, Content Designer): the count of
 * active connections, at most 500 px tall when open; 'No Linked Accounts' without any.
 */
export function LinkedAccounts({ platforms, blurred = false }: { platforms: Record<string, PlatformConnection>; blurred?: boolean }) {
  const connected = PLATFORM_DISPLAY_ORDER.filter((platform) => platforms[platform.toUpperCase()]?.is_connected);
  return (
    <Collapsible title="Linked Accounts Overview" summary={`(${connected.length})`} maxHeight={500}>
      <div className={blurred ? 'blurred' : undefined}>
        {connected.length === 0 ? (
          <p>
            No Linked Accounts. <Link to="/organization/config">Configure Accounts</Link>
          </p>
        ) : (
          <ul aria-label="Linked accounts">
            {connected.map((platform) => {
              const connection = platforms[platform.toUpperCase()]!;
              const who = accountName(connection);
              return (
                <li key={platform}>
                  <PlatformIcon platform={platform} size={16} decorative className="platform-icon" /> <strong>{PLATFORM_DISPLAY_NAMES[platform]}</strong>
                  {who && <> · {who}</>}
                  {connection.sandbox && <span className="badge badge-yellow"> Sandbox</span>}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Collapsible>
  );
}

/** The account's name as part 2 §3's specific_data gives it per platform. */
export function accountName(connection: PlatformConnection): string | null {
  const data = connection.specific_data;
  for (const key of ['page_name', 'organization_name', 'channel_title', 'user_name', 'name', 'title', 'username']) {
    const value = data[key];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}
