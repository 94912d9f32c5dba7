import { z } from 'zod';

/** Events about platform connections (published by the organizations service), merged into `eventSchemas`. */
export const connectionEventSchemas = {} as const satisfies Record<string, z.ZodType>;
