import { runService } from '@planner/service-kit';
import { postsService } from './service.js';

await runService(postsService);
