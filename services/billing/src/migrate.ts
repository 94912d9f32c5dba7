// The release's migration Job: this service's schema migrations, then exit (k8s/overlays/prod/migrations).
import { migrateService } from '@planner/service-kit/migrate';
import { billingService } from './service.js';

await migrateService(billingService);
