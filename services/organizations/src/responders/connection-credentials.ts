import { CONNECTION_CREDENTIALS_BATCH_SUBJECT, CONNECTION_CREDENTIALS_SUBJECT } from '@planner/contracts';
import { respond } from '@planner/service-kit';
import { connectionCredentialsBatch, connectionCredentials as credentialsOf } from '../commands/connections.js';
import type { OrganizationsContext } from '../context.js';

/**
 * Answers `organizations.connection.credentials` for the scheduler: a connection's decrypted tokens, refreshed
 * first when about to expire, or when the scheduler says the platform refused it (`refresh`). Over NATS only; no HTTP route hands tokens out.
 */
export const connectionCredentials = respond(CONNECTION_CREDENTIALS_SUBJECT, ({ organization_id, platform, refresh }, ctx: OrganizationsContext) =>
  credentialsOf(ctx, organization_id, platform, { refresh }),
);

/** The same for a batch of publications (`organizations.connection.credentials_batch`), with whether each organization is active. */
export const connectionCredentialsForBatch = respond(CONNECTION_CREDENTIALS_BATCH_SUBJECT, async ({ items }, ctx: OrganizationsContext) => ({
  items: await connectionCredentialsBatch(ctx, items),
}));
