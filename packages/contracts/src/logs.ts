import { z } from 'zod';

/**
 * System Logs (part 1 §2, §3, §7): the gateway's /api/logs routes and the
 * admin's viewer. A file is read a range of lines at a time and searched on
 * the server, so that a browser never holds a large file whole.
 */
export const LOG_LIMITS = {
  /** Lines one GET /api/logs/{name}/lines answers at most. */
  linesPerRequest: 1000,
  /** A longer line is shown cut, ending in `…` (search still sees all of it). */
  lineChars: 10_000,
  /** Matching lines one search answers at most (`from` asks for the next ones). */
  matchesPerSearch: 1000,
  /** Longest search text. */
  queryChars: 200,
} as const;

export const logFileSchema = z.object({ name: z.string(), size: z.number(), modified: z.string() });
export type LogFile = z.infer<typeof logFileSchema>;

/** GET /api/logs/{name}/lines: lines `from` … (0-based indexes) of a file of `total_lines` lines (`size` bytes read). */
export const logLinesSchema = z.object({
  filename: z.string(),
  size: z.number(),
  total_lines: z.number().int(),
  from: z.number().int(),
  lines: z.array(z.string()),
});
export type LogLines = z.infer<typeof logLinesSchema>;

/** GET /api/logs/{name}/search: the indexes of the lines matching `query` from line `from` on, and how many match in the whole file. */
export const logSearchSchema = z.object({
  filename: z.string(),
  query: z.string(),
  total_lines: z.number().int(),
  from: z.number().int(),
  match_count: z.number().int(),
  matches: z.array(z.number().int()),
});
export type LogSearch = z.infer<typeof logSearchSchema>;

/**
 * The log search's pattern: case-insensitive, the text taken as it is
 * (pattern characters match themselves; docs/decisions/system-logs.md). The
 * server finds matching lines with it, the viewer highlights with it.
 */
export function logSearchPattern(query: string): RegExp {
  return new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
}

const BYTE_UNITS = ['B', 'KB', 'MB'] as const;

/** `value` as shown in `BYTE_UNITS[unit]`: whole bytes, else one decimal. */
function roundedIn(value: number, unit: number): number {
  return unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
}

/**
 * A byte count as part 1 §2 shows it, in B, KB or MB only (1 KB = 1024 B):
 * 512 B, 1.5 KB, 3072 MB. The unit is chosen after rounding, so 1023.96 KB
 * reads 1 MB, never 1024 KB.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (unit < BYTE_UNITS.length - 1 && roundedIn(value, unit) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${roundedIn(value, unit)} ${BYTE_UNITS[unit]}`;
}
