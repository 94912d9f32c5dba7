import swaggerUi from '@fastify/swagger-ui';
import { SERVICE_NAMES, SERVICES, type ServiceName } from '@planner/contracts';
import type { App } from '@planner/service-kit';
import { mergeOpenApi, type OpenApiDocument } from '../domain/openapi.js';
import { fetchServiceDocument } from '../adapters/upstream-client.js';

export interface DocsOptions {
  upstreams: Record<ServiceName, readonly string[]>;
  version: string;
  timeoutMs: number;
  cacheSeconds: number;
}

/** Paths of the gateway's own document that belong in the merged one: its routes, not the proxy's or the UI's. */
const OWN_PATHS = /^\/api\/(health|version|logs)(\/|$)/;

/**
 * The merged API document at /api/docs/openapi.json (each service's
 * /openapi.json under /api, fetched in parallel, reused for `cacheSeconds`)
 * and the browsable page at /api/docs.
 */
export async function registerDocsRoutes(app: App, { upstreams, version, timeoutMs, cacheSeconds }: DocsOptions): Promise<void> {
  let cached: { document: OpenApiDocument; at: number } | undefined;
  let building: Promise<OpenApiDocument> | undefined;

  async function build(): Promise<OpenApiDocument> {
    const fetched = await Promise.all(SERVICE_NAMES.map((service) => fetchServiceDocument(service, upstreams[service], timeoutMs)));
    const own = app.swagger() as unknown as OpenApiDocument;
    const gatewayPaths = Object.fromEntries(Object.entries(own.paths ?? {}).filter(([path]) => OWN_PATHS.test(path)));
    const document = mergeOpenApi({
      title: 'Social media planner API',
      version,
      gateway: { ...own, paths: gatewayPaths },
      services: SERVICE_NAMES.map((service, i) => ({ service, prefixes: SERVICES[service].prefixes, ...fetched[i]! })),
    });
    const complete = (document['x-unavailable-services'] as unknown[]).length === 0;
    // A document missing a service is not kept long: the service may just be starting.
    cached = { document, at: complete ? Date.now() : Date.now() - Math.max(0, cacheSeconds - 5) * 1000 };
    return document;
  }

  async function current(): Promise<OpenApiDocument> {
    if (cached && Date.now() - cached.at < cacheSeconds * 1000) return cached.document;
    building ??= build().finally(() => {
      building = undefined;
    });
    return building;
  }

  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(await current()),
  );

  let latest: OpenApiDocument | undefined;
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true, persistAuthorization: false },
    // The UI loads ./json; it gets the merged document rather than the gateway's own.
    uiHooks: {
      onRequest: async (request) => {
        if (request.url.includes('/api/docs/json') || request.url.includes('/api/docs/yaml')) latest = await current();
      },
    },
    transformSpecificationClone: false,
    transformSpecification: (swaggerObject) => (latest ?? swaggerObject) as Record<string, unknown>,
  });
}
