import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound, requireAdmin, type App } from '@planner/service-kit';
import type { GatewayContext } from '../context.js';
import { GatewayMessages } from '../domain/messages.js';
import { listLogFiles, readLogFile } from '../adapters/log-store.js';

const security = [{ bearerAuth: [] }];

/**
 * GET /api/logs/ lists the files in LOG_DIR; GET /api/logs/{name} returns one
 * (its end when large). Admins only: 401 anonymous, 403 for other users.
 */
export async function logRoutes(app: App, { ctx }: { ctx: GatewayContext }): Promise<void> {
  const { LOG_DIR: logDir, LOG_READ_MAX_BYTES: maxReadBytes } = ctx.config;
  app.get(
    '/api/logs',
    {
      schema: {
        tags: ['gateway'],
        summary: 'Log files (admin)',
        security,
        response: { 200: z.array(z.object({ name: z.string(), size: z.number(), modified: z.string() })) },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      return reply.header('cache-control', 'no-store').send(await listLogFiles(logDir));
    },
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

  async function read(request: FastifyRequest, reply: FastifyReply, name: string) {
    requireAdmin(request);
    const result = await readLogFile(logDir, name, maxReadBytes);
    if (result.kind === 'invalid') throw badRequest(GatewayMessages.invalidLogName);
    if (result.kind === 'missing') throw notFound(GatewayMessages.logNotFound(name));
    return reply.header('cache-control', 'no-store').send({
      filename: name,
      content: result.content,
      size: result.size,
      truncated: result.truncated,
      ...(result.truncated ? { note: GatewayMessages.logTruncated(result.shown, result.size) } : {}),
    });
  }

  app.get('/api/logs/:name', { schema: { ...readSchema, params: z.object({ name: z.string() }) } }, (request, reply) =>
    read(request, reply, request.params.name),
  );
  // More than one segment (`/api/logs/../x` sent as is, `/api/logs/a/b`) is a name that leaves the folder: 400, not 404.
  app.get('/api/logs/*', { schema: { hide: true, params: z.object({ '*': z.string() }) } }, (request, reply) =>
    read(request, reply, request.params['*']),
  );
}
