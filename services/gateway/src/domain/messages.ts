import { formatBytes } from './format.js';

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
} as const;
