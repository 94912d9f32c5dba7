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

/** A random-looking path segment (mixed case and digits, 20+ characters): a token in a link such as /verify-email/{token}. */
function looksLikeSecret(segment: string): boolean {
  return segment.length >= 20 && /^[\w.~%-]+$/.test(segment) && /[A-Z]/.test(segment) && /[a-z]/.test(segment) && /\d/.test(segment);
}

/**
 * A request URL fit for a log line: query values dropped (OAuth codes and
 * states, signed links, tokens) and token-like path segments hidden; the
 * shape of the request stays readable.
 */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  const path = (query === -1 ? url : url.slice(0, query))
    .split('/')
    .map((segment) => (looksLikeSecret(segment) ? '[redacted]' : segment))
    .join('/');
  if (query === -1) return path;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((param) => (param.includes('=') ? `${param.slice(0, param.indexOf('='))}=[redacted]` : param));
  return `${path}?${params.join('&')}`;
}

/** Fastify's request line, with the URL made loggable. */
function requestSerializer(req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: req.url === undefined ? undefined : loggableUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
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
      // The pid tells replicas apart: they write to the same <service>.log.
      base: { service, pid: process.pid },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { req: requestSerializer },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    pino.multistream(streams),
  );
}
