import { CONNECTION_CREDENTIALS_SUBJECT, connectionCredentialsRequestSchema, type ConnectionCredentials } from '@planner/contracts';
import { badRequest, type ServiceContext } from '@planner/service-kit';
import { Connections } from '../routes/connection-service.js';

/**
 * Answers CONNECTION_CREDENTIALS_SUBJECT (`organizations.connection.credentials`) for the scheduler: a connection's decrypted tokens, refreshed
 * first when about to expire. Over NATS only; no HTTP route hands tokens out.
 */
export function connectionResponders(ctx: ServiceContext, connections = new Connections(ctx)): void {
  ctx.bus.reply<unknown, ConnectionCredentials>(CONNECTION_CREDENTIALS_SUBJECT, 'organizations', async (request) => {
    const parsed = connectionCredentialsRequestSchema.safeParse(request);
    if (!parsed.success) throw badRequest('organization_id and platform are required');
    return connections.credentials(parsed.data.organization_id, parsed.data.platform);
  });
}
