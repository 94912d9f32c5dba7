import type { z } from 'zod';
import { serviceConfigSchema } from '@planner/service-kit';
import { connectionConfigShape } from './adapters/config.js';

export const configSchema = serviceConfigSchema(4002, { ...connectionConfigShape });
export type OrganizationsConfig = z.infer<typeof configSchema>;
