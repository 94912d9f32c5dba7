import { runService } from '@planner/service-kit';
import { gatewayService } from './service.js';

await runService(gatewayService);
