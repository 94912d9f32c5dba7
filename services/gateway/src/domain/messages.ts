import { formatBytes, LOG_LIMITS } from '@planner/contracts';

/**
 * The gateway's own messages (the spec has none for these cases; the spec's
 * shared messages come from contracts' SharedMessages).
 */
export const GatewayMessages = {
  bodyTooLarge: (limit: number) => `Request body is too large. The limit is ${formatBytes(limit)}.`,
  requestTimeout: 'The request was not received in time. Please try again.',
  invalidLogName: 'Invalid log file name: it must name a file inside the log directory.',
  logNotFound: (name: string) => `Log file '${name}' was not found.`,
  logTruncated: (shown: number, size: number) =>
    `The file is ${formatBytes(size)}; only its last ${formatBytes(shown)} are shown.`,
  invalidLineIndex: 'from must be a whole number of at least 0.',
  invalidLineCount: `count must be a whole number from 1 to ${LOG_LIMITS.linesPerRequest}.`,
  invalidSearch: `Enter the text to search for: 1 to ${LOG_LIMITS.queryChars} characters on one line.`,
} as const;
