import { job, type ServiceContext } from '@planner/service-kit';
import { seedAdmin } from '../commands/seed-admin.js';
import type { AuthConfig } from '../config.js';

/** At start, the admin account of ADMIN_EMAIL / ADMIN_PASSWORD exists (a weak password fails the start). */
export const seedAdminAtStart = job('seed-admin', async (ctx: ServiceContext<AuthConfig>) => {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = ctx.config;
  if (ADMIN_EMAIL && ADMIN_PASSWORD) {
    const result = await seedAdmin(ctx, ADMIN_EMAIL, ADMIN_PASSWORD);
    ctx.logger.info({ email: ADMIN_EMAIL, result }, 'admin account ensured');
  } else {
    ctx.logger.warn('ADMIN_EMAIL/ADMIN_PASSWORD not set: no admin account is seeded');
  }
});
