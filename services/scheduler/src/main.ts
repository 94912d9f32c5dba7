import { runService } from '@planner/service-kit';
import { schedulerService } from './service.js';

await runService(schedulerService);
