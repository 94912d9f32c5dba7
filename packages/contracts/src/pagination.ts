import { z } from 'zod';

/** The `pagination` of every paged list answer. */
export const paginationSchema = z.object({
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  total: z.number().int().min(0),
  /** At least 1: an empty list is one empty page ("Page 1 of 1"), never "of 0". */
  total_pages: z.number().int().min(1),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** The pagination of page `page` (1-based) of `total` rows, `perPage` a page. */
export function pageOf(page: number, perPage: number, total: number): Pagination {
  return { page, per_page: perPage, total, total_pages: Math.max(1, Math.ceil(total / perPage)) };
}

/** Rows to skip for a 1-based page. */
export function offsetOf(page: number, perPage: number): number {
  return (page - 1) * perPage;
}
