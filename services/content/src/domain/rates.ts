export interface Pagination {
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
}

export function pagination(page: number, perPage: number, total: number): Pagination {
  return { page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) };
}

/** Rows to skip for a 1-based page. */
export function offsetOf(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/** A share as a fraction with four decimals (shown as a percent with one); 0 when nothing was counted. */
export function rate(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0;
}
