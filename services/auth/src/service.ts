import { defineService, routes } from '@planner/service-kit';
import { createAdapters } from './adapters/index.js';
import { configSchema } from './config.js';
import { subscriptionChanged } from './consumers/subscription-changed.js';
import { entities, migrations } from './entities/index.js';
import { passwordResetMailer } from './jobs/password-reset-mailer.js';
import { seedAdminAtStart } from './jobs/seed-admin.js';
import { accountRoutes } from './routes/account-routes.js';
import { adminRoutes } from './routes/admin-routes.js';
import { userRequests } from './responders/user-requests.js';
import { jwksRoutes } from './routes/jwks-routes.js';
import { linkRoutes } from './routes/link-routes.js';
import { sessionRoutes } from './routes/session-routes.js';

/** The auth service: what main runs and the tests start. */
export const authService = defineService({
  name: 'auth',
  description: 'Accounts, sessions, verification, Google sign-in, roles and admin user management.',
  configSchema,
  database: { entities, migrations },
  adapters: createAdapters,
  entryPoints: [
    routes(jwksRoutes),
    routes(sessionRoutes),
    routes(accountRoutes),
    routes(linkRoutes),
    routes(adminRoutes),
    subscriptionChanged,
    ...userRequests,
    seedAdminAtStart,
    passwordResetMailer,
  ],
});
