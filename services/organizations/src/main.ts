import { runService } from '@planner/service-kit';
import { organizationsService } from './service.js';

await runService(organizationsService);
