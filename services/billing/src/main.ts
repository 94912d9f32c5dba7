import { runService } from '@planner/service-kit';
import { billingService } from './service.js';

await runService(billingService);
