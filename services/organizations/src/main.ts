import { runService } from '@planner/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';

await runService({ name: 'organizations', configSchema, buildApp });
