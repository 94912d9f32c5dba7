import { runService } from '@planner/service-kit';
import { notificationsService } from './service.js';

await runService(notificationsService);
