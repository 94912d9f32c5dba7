import { z } from 'zod';
import { ContentMessages } from '@planner/contracts';

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
