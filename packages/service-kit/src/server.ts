import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyServerFactory,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { findUnstorableText } from '@planner/contracts';
import { answerFrameworkError, installErrorHandling, notFound } from './errors.js';
import { registerHealthRoute, type HealthCheck } from './health.js';
import { identityPlugin } from './identity.js';
import type { Logger } from './logger.js';
import type { ServiceMetrics } from './metrics.js';
import { metricsRoutes } from './metrics-routes.js';
import type { TokenVerifier } from './tokens.js';
import { refuseUnstorableText } from './storable-text.js';
import { requestTracing } from './tracing.js';

/** A service's Fastify instance, typed for zod route schemas. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

export interface ServerOptions {
  /** Service name: in logs, health and the API document. */
  name: string;
  logger: Logger;
  /** Checks behind GET /health (postgres, redis, nats, ...). */
  health?: Record<string, HealthCheck>;
  /** Verifies bearer tokens; without it requests carry no identity. */
  verifier?: TokenVerifier;
  bodyLimit?: number;
  /** The API document's description of this service. */
  description?: string;
  /**
   * Makes the HTTP server around Fastify's handler: the gateway uses it to
   * take proxied requests before Fastify sees them.
   */
  serverFactory?: FastifyServerFactory;
  /** Request metrics and GET /metrics (docs/metrics.md); none without. */
  metrics?: ServiceMetrics;
}

/**
 * Many HTTP clients send `content-type: application/json` on every request,
 * bodiless ones too: an empty body is then no body (a route that needs one
 * refuses it as it refuses a missing body, by its schema's words), not a 400 from the parser.
 * Anything else parses as Fastify's own JSON parser does (prototype poisoning refused).
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    parseJson(request, body as string, done);
  });
}

/**
 * Every request's query and body (keys too) hold only text Postgres can
 * store, before any route reads them (`refuseUnstorableText`: 400); a path
 * part that holds other text names nothing (404). After validation, so that
 * a path id that is no UUID stays the 404 with the resource's message `idParams` gives.
 */
function storableTextOnly(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (findUnstorableText(request.params)) throw notFound();
    if (!request.routeOptions.config.anyQueryText) refuseUnstorableText(request.query);
    refuseUnstorableText(request.body);
  });
}

/**
 * Answers carry tokens and personal data (a login, a profile, an organization,
 * a post): none is kept by a browser or a proxy unless its route says
 * otherwise with a Cache-Control of its own (media, JWKS, static files).
 */
function storeNothingByDefault(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * From now on GET /health answers 503 "draining" while every other route
     * still answers: the first step of a graceful stop, so that the gateway
     * takes this replica out before it stops listening.
     */
    startDraining(): void;
  }
  interface FastifyContextConfig {
    /**
     * The route takes any text in its query and answers odd values itself,
     * storing none of them: a mailed link's or a provider's callback, whose
     * browser gets the link's page rather than a 400 in JSON.
     */
    anyQueryText?: boolean;
  }
  interface FastifySchema {
    /**
     * A `multipart/form-data` route's fields (a zod object; files as
     * `z.file()`), for the API document only: the route reads its form
     * itself as it streams, so Fastify never validates it as a body.
     */
    multipartForm?: ZodType;
  }
}

/** Builds the API document from the routes' zod schemas; a multipart form is documented as the route's request body. */
const documentRoute: typeof jsonSchemaTransform = (document) => {
  const form = document.schema?.multipartForm;
  if (!form) return jsonSchemaTransform(document);
  const { multipartForm: _form, ...schema } = document.schema;
  return jsonSchemaTransform({ ...document, schema: { ...schema, body: form, consumes: ['multipart/form-data'] } });
};

/**
 * A Fastify instance with what every service shares: zod validation and
 * serialization, the uniform error format, no text Postgres cannot store,
 * `Cache-Control: no-store` unless a route sets its own, request tracing and metrics, identity from
 * the bearer token, GET /health and the OpenAPI document at /openapi.json
 * (generated from the same zod schemas the routes validate with).
 */
export async function createServer({ name, logger, health = {}, verifier, bodyLimit = 1024 * 1024, description, serverFactory, metrics }: ServerOptions): Promise<App> {
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit,
    // Forwarded headers count only from proxies on private networks (the gateway, an ingress): a client cannot pick its own IP.
    trustProxy: 'loopback,linklocal,uniquelocal',
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined) ?? randomUUID(),
    requestIdHeader: 'x-request-id',
    // Room for long slugs and tokens in paths; a longer part is answered 414 in our format.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors: answerFrameworkError,
    ...(serverFactory ? { serverFactory } : {}),
  }).withTypeProvider<ZodTypeProvider>();
  acceptEmptyJsonBodies(app as unknown as FastifyInstance);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app as unknown as FastifyInstance);
  storableTextOnly(app as unknown as FastifyInstance);
  storeNothingByDefault(app as unknown as FastifyInstance);

  await app.register(swagger, {
    openapi: {
      info: { title: `${name} service`, description: description ?? `The ${name} service's API.`, version: '0.1.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: documentRoute,
  });
  await app.register(requestTracing);
  if (metrics) await app.register(metricsRoutes, { metrics });
  if (verifier) await app.register(identityPlugin, { verifier });
  else app.decorateRequest('identity', null);

  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  registerHealthRoute(app as unknown as FastifyInstance, name, health, () => draining);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  return app as unknown as App;
}
