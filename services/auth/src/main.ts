import { runService } from '@planner/service-kit';
import { authService } from './service.js';

await runService(authService);
