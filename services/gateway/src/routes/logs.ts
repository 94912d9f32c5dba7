import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { LOG_LIMITS, logFileSchema, logLinesSchema, logSearchSchema } from '@planner/contracts';
import { badRequest, notFound, requireAdmin, type App } from '@planner/service-kit';
import type { GatewayContext } from '../context.js';
import { GatewayMessages } from '../domain/messages.js';
import { listLogFiles, readLogFile, readLogLines, searchLogFile } from '../adapters/log-store.js';

const security = [{ bearerAuth: [] }];

const { invalidLineIndex, invalidLineCount, invalidSearch } = GatewayMessages;
const lineIndex = z.coerce.number({ error: invalidLineIndex }).int(invalidLineIndex).min(0, invalidLineIndex).default(0);
const linesQuery = z.object({
  from: lineIndex,
  count: z.coerce
    .number({ error: invalidLineCount })
    .int(invalidLineCount)
    .min(1, invalidLineCount)
    .max(LOG_LIMITS.linesPerRequest, invalidLineCount)
    .default(200),
});
const searchQuery = z.object({
  q: z
    .string({ error: invalidSearch })
    .min(1, invalidSearch)
    .max(LOG_LIMITS.queryChars, invalidSearch)
    .refine((q) => !/[\r\n]/.test(q), invalidSearch),
  from: lineIndex,
});

/** A read's result, or the refusal of a name that is no log file (400) or none there (404). */
function found<R extends { kind: string }>(result: R, name: string): Extract<R, { kind: 'ok' }> {
  if (result.kind === 'invalid') throw badRequest(GatewayMessages.invalidLogName);
  if (result.kind === 'missing') throw notFound(GatewayMessages.logNotFound(name));
  return result as Extract<R, { kind: 'ok' }>;
}

/**
 * GET /api/logs/ lists the files in LOG_DIR; GET /api/logs/{name} returns one
 * (its end when large); GET /api/logs/{name}/lines a range of its lines and
 * GET /api/logs/{name}/search its lines matching a text, so that a viewer never
 * needs a large file whole. Admins only: 401 anonymous, 403 for other users.
 */
export async function logRoutes(app: App, { ctx }: { ctx: GatewayContext }): Promise<void> {
  const { LOG_DIR: logDir, LOG_READ_MAX_BYTES: maxReadBytes } = ctx.config;
  // Before the query is checked: a visitor learns nothing of these routes.
  app.addHook('onRequest', async (request) => void requireAdmin(request));
  app.get(
    '/api/logs',
    {
      schema: {
        tags: ['gateway'],
        summary: 'Log files (admin)',
        security,
        response: { 200: z.array(logFileSchema) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await listLogFiles(logDir)),
  );

  const readSchema = {
    tags: ['gateway'],
    summary: 'One log file (admin); the last part of a large file',
    security,
    response: {
      200: z.object({
        filename: z.string(),
        content: z.string(),
        size: z.number(),
        truncated: z.boolean(),
        note: z.string().optional(),
      }),
    },
  };

  async function read(reply: FastifyReply, name: string) {
    const result = found(await readLogFile(logDir, name, maxReadBytes), name);
    return reply.header('cache-control', 'no-store').send({
      filename: name,
      content: result.content,
      size: result.size,
      truncated: result.truncated,
      ...(result.truncated ? { note: GatewayMessages.logTruncated(result.shown, result.size) } : {}),
    });
  }

  const nameParams = z.object({ name: z.string() });
  app.get('/api/logs/:name', { schema: { ...readSchema, params: nameParams } }, (request, reply) => read(reply, request.params.name));

  app.get(
    '/api/logs/:name/lines',
    {
      schema: {
        tags: ['gateway'],
        summary: `Lines of one log file (admin): from (0-based, default 0), count (1 to ${LOG_LIMITS.linesPerRequest}, default 200)`,
        security,
        params: nameParams,
        querystring: linesQuery,
        response: { 200: logLinesSchema },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const { from, count } = request.query;
      const result = found(await readLogLines(logDir, name, from, count, LOG_LIMITS.lineChars), name);
      return reply.header('cache-control', 'no-store').send({ filename: name, size: result.size, total_lines: result.totalLines, from, lines: result.lines });
    },
  );

  app.get(
    '/api/logs/:name/search',
    {
      schema: {
        tags: ['gateway'],
        summary: `Lines of one log file containing q, case-insensitive (admin): the first ${LOG_LIMITS.matchesPerSearch} from line \`from\` on, and how many in all`,
        security,
        params: nameParams,
        querystring: searchQuery,
        response: { 200: logSearchSchema },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const { q, from } = request.query;
      const result = found(await searchLogFile(logDir, name, q, from, LOG_LIMITS.matchesPerSearch), name);
      return reply
        .header('cache-control', 'no-store')
        .send({ filename: name, query: q, total_lines: result.totalLines, from, match_count: result.matchCount, matches: result.matches });
    },
  );
  // More than one segment (`/api/logs/../x` sent as is, `/api/logs/a/b`) is a name that leaves the folder: 400, not 404.
  app.get('/api/logs/*', { schema: { hide: true, params: z.object({ '*': z.string() }) } }, (request, reply) => read(reply, request.params['*']));
}
