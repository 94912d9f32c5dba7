import path from 'node:path';

/**
 * Log file names the gateway will open: one path segment of letters, digits,
 * dots, dashes and underscores, not starting with a dot (so never `.` or `..`),
 * which rules out separators, encoded traversal and absolute paths alike.
 */
const LOG_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,254}$/;

export function isValidLogName(name: string): boolean {
  return LOG_NAME.test(name);
}

/** True when `target` lies strictly below `dir` (both absolute and already resolved). */
export function isInside(dir: string, target: string): boolean {
  const relative = path.relative(dir, target);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

export interface ReadWindow {
  /** Byte offset to start reading at. */
  start: number;
  length: number;
  truncated: boolean;
}

/** The part of a file of `size` bytes that is returned: all of it, or its last `max` bytes. */
export function readWindow(size: number, max: number): ReadWindow {
  if (size <= max) return { start: 0, length: size, truncated: false };
  return { start: size - max, length: max, truncated: true };
}

/** Drops the partial first line of a tail cut mid-line (unless there is no line break at all). */
export function dropPartialFirstLine(text: string): string {
  const newline = text.indexOf('\n');
  return newline === -1 ? text : text.slice(newline + 1);
}
