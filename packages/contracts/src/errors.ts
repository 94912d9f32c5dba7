import { z } from 'zod';

/** Error codes the client reacts to by number (part 1 §8). */
export const ErrorCode = {
  RATE_LIMITED: 3015,
} as const;

/**
 * The one error body every service and the gateway answer with.
 * `message` is always present and always fit to show a user; `field` names the
 * offending input of a validation error; `reset` (seconds) accompanies rate limits.
 */
export const errorBodySchema = z
  .object({
    message: z.string(),
    error: z.string().optional(),
    code: z.number().int().optional(),
    field: z.string().optional(),
    reset: z.number().optional(),
  })
  .passthrough();
export type ErrorBody = z.infer<typeof errorBodySchema>;
