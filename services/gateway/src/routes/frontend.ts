import path from 'node:path';
import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import { errorBody, type App, type Logger } from '@planner/service-kit';
import { SharedMessages } from '@planner/contracts';
import { API_PREFIX } from '../domain/routes.js';

/** The page at / while the frontend is not built or not served (development). */
export const PLACEHOLDER_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Social media planner: API gateway</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; color: #1a1a1a; }
  a { color: #0b57d0; }
</style>
</head>
<body>
<main>
<h1>Social media planner: API gateway</h1>
<p>The gateway is running. The web application is served here in production; in development run the frontend's dev server.</p>
<ul>
  <li><a href="/api/docs">API documentation</a></li>
  <li><a href="/api/health">Health of the services</a></li>
  <li><a href="/api/version">Version</a></li>
</ul>
</main>
</body>
</html>
`;

/** Remotes are served at /remotes/<name>/ (their remoteEntry.js and assets). */
export const REMOTES_PREFIX = '/remotes/';
const REMOTE_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * Where the remotes' builds are: the repository's layout, frontend/shell/dist
 * beside frontend/remotes/<name>/dist, which the image keeps. A remote is looked
 * up per request, so one rebuilt or added after the gateway started is served.
 */
export function remotesRoot(shellDist: string): string {
  return path.resolve(shellDist, '..', '..', 'remotes');
}

/** Vite's hashed bundles never change; index.html, remoteEntry.js, remotes.json and unhashed files are revalidated. */
function cacheControl(filePath: string): string {
  const hashed = filePath.includes(`${path.sep}assets${path.sep}`) || /-[A-Za-z0-9_-]{8}\.(js|css)(\.(br|gz))?$/.test(filePath);
  return hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** A request for a file (has an extension) rather than an application route. */
function looksLikeFile(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return last.includes('.');
}

/**
 * With FRONTEND_DIST (the built shell; set in production, and by `npm start`
 * once it has built the frontend): its files (with /remotes.json, the runtime
 * manifest of the remotes), each remote's build under /remotes/<name>/, and
 * index.html for any other non-API GET (the SPA's client-side routes). Without it, or while the folder
 * has no index.html, a small page at / pointing to the docs and health.
 */
export async function registerFrontend(app: App, options: { dist?: string; logger: Logger }): Promise<'static' | 'placeholder'> {
  const root = options.dist ? path.resolve(options.dist) : undefined;
  if (root && !fs.existsSync(path.join(root, 'index.html'))) {
    options.logger.warn({ FRONTEND_DIST: root }, 'FRONTEND_DIST has no index.html: serving the placeholder page at /');
  }
  if (!root || !fs.existsSync(path.join(root, 'index.html'))) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(PLACEHOLDER_HTML));
    return 'placeholder';
  }

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    // The frontend builds write .br and .gz beside each text file; they go to browsers that accept them.
    preCompressed: true,
    setHeaders: (reply, filePath) => reply.header('cache-control', cacheControl(filePath)),
  });

  const remotes = remotesRoot(root);
  app.get(`${REMOTES_PREFIX}:name/*`, { schema: { hide: true } }, async (request, reply) => {
    const { name, '*': file } = request.params as { name: string; '*': string };
    const dist = path.join(remotes, name, 'dist');
    if (!REMOTE_NAME.test(name) || !file || !fs.existsSync(dist)) {
      return reply.code(404).send(errorBody(404, SharedMessages.notFound));
    }
    // send() refuses paths that leave `dist` and answers 404 for missing files.
    return reply.sendFile(file, dist);
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?', 1)[0]!;
    if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`) || looksLikeFile(pathname)) {
      return reply.code(404).send(errorBody(404, SharedMessages.notFound));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return 'static';
}
