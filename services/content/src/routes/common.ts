import { z } from 'zod';
import { QueryFailedError } from 'typeorm';

/** `page` (1-based) and `per_page` query parameters with the list's default page size. */
export function pageQuery(defaultSize: number) {
  return {
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(defaultSize),
  };
}

/** An optional `true`/`false` filter in a query string. */
export const booleanFilter = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

export const idParams = z.object({ id: z.string().uuid() });

/** A Postgres unique-constraint violation (two writers taking the same slug at once). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505';
}
