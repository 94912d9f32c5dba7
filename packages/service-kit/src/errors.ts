import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, formatWait, SharedMessages, type ErrorBody } from '@planner/contracts';
import { isDependencyDown } from './dependency-errors.js';

/** An error whose status and message are meant for the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Omit<ErrorBody, 'message'> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, extra?: Omit<ErrorBody, 'message'>) => new HttpError(400, message, extra);
export const unauthorized = (message: string = SharedMessages.authenticationRequired) => new HttpError(401, message);
export const forbidden = (message: string = SharedMessages.forbidden) => new HttpError(403, message);
export const notFound = (message: string = SharedMessages.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** The 429 body of part 1 §8: code 3015, the spec's message with the wait, and the wait in seconds. */
export function rateLimitedBody(resetSeconds: number): ErrorBody & { code: number; reset: number } {
  return { code: ErrorCode.RATE_LIMITED, message: SharedMessages.rateLimited(formatWait(resetSeconds)), reset: resetSeconds };
}

/** A service's own rate limit, refused in the gateway's words (rateLimitedBody). */
export function rateLimited(resetSeconds: number): HttpError {
  const { message, ...extra } = rateLimitedBody(resetSeconds);
  return new HttpError(429, message, extra);
}

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * The params of a zod issue that says the path names nothing (`pathId`): its
 * validation failure is answered 404 with the message, not 400.
 */
export const NAMES_NOTHING = { namesNothing: true } as const;

const namesNothing = (params: unknown): boolean => (params as { params?: typeof NAMES_NOTHING } | undefined)?.params?.namesNothing === true;

export function errorBody(statusCode: number, message: string, extra: Omit<ErrorBody, 'message'> = {}): ErrorBody {
  return { error: STATUS_NAMES[statusCode] ?? 'Error', message, ...extra };
}

/** Fastify's own client errors (bad JSON, body too large, bad content type) keep their status with a clear message. */
/** Errors Fastify meets before routing (a bad URL, a path part too long), answered in the same format. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.status(414).send(errorBody(414, SharedMessages.pathTooLong));
  else void reply.status(400).send(errorBody(400, SharedMessages.invalidPath));
}

const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body size did not match Content-Length.',
};

/**
 * One error format for every service: validation → 400 with the field's
 * message; known client errors keep their status; Postgres or Redis down or
 * restarting → 503 (try again); anything else → 500 with a generic message,
 * the details going only to the log.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message, error.extra));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      if (namesNothing(first?.params)) return reply.status(404).send(errorBody(404, first!.message ?? SharedMessages.notFound));
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      return reply
        .status(400)
        .send(errorBody(400, first?.message ?? SharedMessages.badRequest, field ? { field } : {}));
    }
    if (error.validation) {
      return reply.status(400).send(errorBody(400, error.message || SharedMessages.badRequest));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody(500, SharedMessages.serverError));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known && error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, known));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(error);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message));
    }
    if (isDependencyDown(error)) {
      request.log.warn({ err: error }, 'a dependency is unavailable');
      return reply.status(503).send(errorBody(503, SharedMessages.serviceUnavailable));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, SharedMessages.serverError));
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody(404, SharedMessages.notFound)));
}
