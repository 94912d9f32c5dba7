import { serviceConfigSchema } from '@planner/service-kit';

export const configSchema = serviceConfigSchema(4005, {});
