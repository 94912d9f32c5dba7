import { z } from 'zod';
import { QueryFailedError } from 'typeorm';
import { ContentMessages } from '@planner/contracts';
import { notFound } from '@planner/service-kit';

/** `page` (1-based) and `per_page` query parameters with the list's default page size. */
export function pageQuery(defaultSize: number) {
  return {
    page: z.coerce
      .number({ error: ContentMessages.invalidPage })
      .int(ContentMessages.invalidPage)
      .min(1, ContentMessages.invalidPage)
      .default(1),
    per_page: pageSize.default(defaultSize),
  };
}

/** Rows per page: 1 to 100. */
export const pageSize = z.coerce
  .number({ error: ContentMessages.invalidPageSize })
  .int(ContentMessages.invalidPageSize)
  .min(1, ContentMessages.invalidPageSize)
  .max(100, ContentMessages.invalidPageSize);

/** An optional `true`/`false` filter in a query string. */
export const booleanFilter = z
  .enum(['true', 'false'], { error: ContentMessages.invalidFilter })
  .transform((value) => value === 'true')
  .optional();

/** Ids are taken as any string: one that is no UUID names nothing, so it is not found (rather than a database error). */
export const idParams = z.object({ id: z.string() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** The id when it can name a row; a 404 with the resource's message otherwise. */
export function rowId(id: string, notFoundMessage: string): string {
  if (!isUuid(id)) throw notFound(notFoundMessage);
  return id;
}

/** A Postgres unique-constraint violation (two writers taking the same slug at once). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505';
}
