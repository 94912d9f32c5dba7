import { runService } from '@planner/service-kit';
import { contentService } from './service.js';

await runService(contentService);
