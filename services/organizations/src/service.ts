import { defineService, routes } from '@planner/service-kit';
import { organizationsAdapters } from './adapters/index.js';
import { configSchema } from './config.js';
import { memberConsumers } from './consumers/members.js';
import { planChanges } from './consumers/plan-changes.js';
import { entities, migrations } from './entities/index.js';
import { connectionRefresher } from './jobs/connection-refresher.js';
import { sealedTokenCount } from './jobs/sealed-token-count.js';
import { connectionCredentials, connectionCredentialsForBatch } from './responders/connection-credentials.js';
import { organizationRequests } from './responders/organization-requests.js';
import { templateRequests } from './responders/template-requests.js';
import { compositeRoutes } from './routes/composite-routes.js';
import { oauthRoutes } from './routes/oauth-routes.js';
import { organizationRoutes } from './routes/organization-routes.js';
import { platformRoutes } from './routes/platform-routes.js';
import { templateRoutes } from './routes/template-routes.js';

/** The organizations service: what main runs and the tests start. */
export const organizationsService = defineService({
  name: 'organizations',
  description: 'Organizations, plan limits, templates, supported platforms and platform connections.',
  configSchema,
  database: { entities, migrations },
  adapters: organizationsAdapters,
  entryPoints: [
    routes(organizationRoutes),
    routes(templateRoutes),
    routes(platformRoutes),
    routes(oauthRoutes),
    routes(compositeRoutes),
    ...memberConsumers,
    planChanges,
    ...organizationRequests,
    ...templateRequests,
    connectionCredentials,
    connectionCredentialsForBatch,
    connectionRefresher,
    sealedTokenCount,
  ],
});
