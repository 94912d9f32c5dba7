import fs from 'node:fs';
import path from 'node:path';
import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Paths whose values never reach a log line: credentials, tokens and secrets in
 * requests, bodies and error objects (Standards: secrets are never logged).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.current_password',
  '*.password_hash',
  '*.passwordHash',
  '*.access_token',
  '*.refresh_token',
  '*.token',
  '*.secret',
  '*.api_key',
  // A failed query's error carries its bound values: event payloads with single-use links among them.
  'err.parameters',
  // Single-use links (verification, reset, unsubscribe) in event payloads, at the depths they are logged.
  '*.verifyUrl',
  '*.resetUrl',
  '*.unsubscribeUrl',
  '*.confirmUrl',
  '*.data.verifyUrl',
  '*.data.resetUrl',
  '*.data.unsubscribeUrl',
  '*.data.confirmUrl',
  // A ready newsletter mail carries its subscriber's signed links in its parts.
  '*.data.html',
  '*.data.text',
];

export interface LoggerOptions {
  service: string;
  level: string;
  /** Folder that receives `<service>.log`; the gateway's /logs reads it. */
  logDir?: string;
  /** Also write to stdout (true outside tests). */
  stdout?: boolean;
}

/** pino to stdout and to `<LOG_DIR>/<service>.log`, with secrets redacted. */
export function createLogger({ service, level, logDir, stdout = true }: LoggerOptions): Logger {
  const streams: pino.StreamEntry[] = [];
  if (stdout) streams.push({ level: level as pino.Level, stream: process.stdout });
  if (logDir) {
    fs.mkdirSync(logDir, { recursive: true });
    streams.push({
      level: level as pino.Level,
      stream: pino.destination({ dest: path.join(logDir, `${service}.log`), mkdir: true, sync: false }),
    });
  }
  return pino(
    {
      level,
      base: { service },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    pino.multistream(streams),
  );
}
