/**
 * What a page of the frontend costs in JavaScript: the built shell and remotes
 * served as the gateway serves them (the shell at /, each remote at
 * /remotes/<name>/, index.html for client routes, no API), the page opened in
 * Chromium, and every script it fetched weighed gzipped (level 9, like the .gz
 * files of the builds) and in brotli (what Chromium is sent). Used by size.ts
 * (the report) and size.test.ts (the budget).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { rolldown } from 'rolldown';
import { SINGLETONS, SLIM_SHARES } from '../../remote-contract/src/federation.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const frontend = path.join(repoRoot, 'frontend');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Issue 6: the JavaScript the landing page loads (shell, public remote, shared dependencies, federation runtime) under 150 KiB gzip. */
export const LANDING_BUDGET = 150 * 1024;

/**
 * Issue 18: what each page of the organization area may load (gzip), as a
 * signed-in pro user with one organization. Not a product budget but a sanity
 * bound: the measured figures (frontend/README.md, 2026-11-28: 157–165 KiB,
 * statistics 204.5 KiB with Chart.js) plus 15 %, rounded up to 5 KiB, so that a
 * page that suddenly pulls in a large dependency (a second chart library, zod,
 * another remote's pages) fails the test, while a few kB of new code do not.
 */
export const ORGANIZATION_PAGE_BUDGETS: Record<string, number> = {
  '/organization/config': 185 * 1024,
  '/organization/designer': 190 * 1024,
  // Issue 36: the designer remote's Results page (its previews, no post form): 160.5 KiB on 2026-12-02, plus 15 %.
  '/organization/results': 185 * 1024,
  '/organization/posts': 185 * 1024,
  '/organization/autopost': 190 * 1024,
  '/organization/calendar': 185 * 1024,
  '/organization/statistics': 240 * 1024,
};

export interface Build {
  /** 'shell', or the remote's name. */
  name: string;
  workspace: string;
  dist: string;
}

/** The shell and every remote, with where their builds are (built or not). */
export function frontendBuilds(): Build[] {
  const remotes = fs.readdirSync(path.join(frontend, 'remotes')).filter((name) => fs.existsSync(path.join(frontend, 'remotes', name, 'package.json')));
  return [
    { name: 'shell', workspace: 'frontend/shell', dist: path.join(frontend, 'shell', 'dist') },
    ...remotes.map((name) => ({ name, workspace: `frontend/remotes/${name}`, dist: path.join(frontend, 'remotes', name, 'dist') })),
  ];
}

/** Runs `npm run build` of each build, as npm start does: without a test runner's variables, under which @module-federation/vite switches itself off. */
export function buildFrontend(builds: Build[]): void {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'JEST_WORKER_ID'));
  for (const build of builds) {
    const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: repoRoot, env: { ...env, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`npm run build -w ${build.workspace} failed`);
  }
}

export interface Weight {
  gzip: number;
  brotli: number;
}

function weigh(content: Buffer | string): Weight {
  return {
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

export type Kind = 'shared dependencies' | 'federation runtime' | 'own code';

/**
 * What a built script is, from the names @module-federation/vite gives its
 * chunks: the shell's eagerly shared dependencies, the federation runtime and
 * its glue (remote entry, share wrappers and init), or the build's own code.
 */
function kindOf(file: string): Kind {
  const name = path.basename(file);
  if (name.startsWith('loadShare-eager')) return 'shared dependencies';
  if (/^(remoteEntry|hostInit|_virtual_mf|pendingShares|mf-entry-bootstrap|utils|dist|helpers|rolldown-runtime|vite-preload-helper)\b/.test(name)) {
    return 'federation runtime';
  }
  return 'own code';
}

export interface Script extends Weight {
  /** The build it comes from. */
  owner: string;
  /** Its path in that build's dist/. */
  file: string;
  kind: Kind;
}

/** Every JavaScript file of a build, weighed. */
export function buildScripts(build: Build): Script[] {
  return fs
    .readdirSync(build.dist, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.js'))
    .sort()
    .map((file) => ({ owner: build.name, file, kind: kindOf(file), ...weigh(fs.readFileSync(path.join(build.dist, file))) }));
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.json': 'application/json' };

/** The file a request is for, and the build it belongs to (index.html of the shell for client routes). */
function resolve(builds: Build[], pathname: string): { build: Build; file: string } | null {
  const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(pathname);
  const build = builds.find((b) => b.name === (remote ? remote[1] : 'shell'));
  if (!build) return null;
  const relative = remote ? remote[2]! : pathname.slice(1);
  const clientRoute = !remote && !path.extname(relative);
  const file = path.join(build.dist, clientRoute ? 'index.html' : relative);
  return file.startsWith(build.dist) && fs.existsSync(file) && fs.statSync(file).isFile() ? { build, file } : null;
}

/** The user a page that needs a login is weighed as: a pro user with one organization (the page's own data then fails, 503). What the shell reads of a user; the rest it treats as absent. */
const SIGNED_IN_USER = { id: '00000000-0000-4000-8000-000000000001', username: 'sizes', email: 'sizes@example.com', role: 'pro', email_verified: true, subscription: null };
const SIGNED_IN_API: Record<string, unknown> = {
  '/api/auth/me': { user: SIGNED_IN_USER },
  '/api/organizations': [{ id: '00000000-0000-4000-8000-0000000000aa', name: 'Sizes', is_active: true, created_at: '2026-01-01T00:00:00.000Z' }],
};

/** A page the shell sends to /login without a session (RequireAuth). */
const LOGIN = /^\/login(\?|$)/;

/**
 * The scripts Chromium fetches for `page` until it shows its `main h1` (not the
 * landing placeholder's), its service worker is active and the network is idle,
 * so that two runs count the same files. The API answers 503, so the page shows
 * its error states; that changes no script it loads. A page that needs a login is weighed again
 * as a signed-in user (`signedIn` in the answer): a session in localStorage,
 * the API answering only who the user is and their one organization.
 */
export async function pageScripts(page: string): Promise<Script[] & { signedIn?: boolean }> {
  const visitor = await loadPage(page, false);
  if (!LOGIN.test(page) && LOGIN.test(visitor.landedOn)) return Object.assign((await loadPage(page, true)).scripts, { signedIn: true });
  return visitor.scripts;
}

async function loadPage(page: string, signedIn: boolean): Promise<{ scripts: Script[]; landedOn: string }> {
  const builds = frontendBuilds();
  const missing = builds.filter((build) => !fs.existsSync(build.dist));
  if (missing.length) throw new Error(`not built: ${missing.map((b) => b.workspace).join(', ')} (npm run size -w frontend/e2e -- --build)`);
  const fetched = new Map<string, { build: Build; file: string }>();
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (pathname.startsWith('/api/')) {
      const answer = signedIn ? SIGNED_IN_API[pathname] : undefined;
      if (answer) response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      else response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"no API here"}');
      return;
    }
    const found = resolve(builds, pathname);
    if (!found) {
      response.writeHead(404).end();
      return;
    }
    if (found.file.endsWith('.js')) fetched.set(pathname, found);
    response.writeHead(200, { 'content-type': TYPES[path.extname(found.file)] ?? 'application/octet-stream' }).end(fs.readFileSync(found.file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  let landedOn = page;
  try {
    const tab = await browser.newPage();
    if (signedIn) {
      // The session as the shell keeps it (session/store.ts), set before any script runs.
      await tab.addInitScript((user) => {
        for (const [key, value] of Object.entries({ isLoggedIn: 'true', access_token: 'size-access', refresh_token: 'size-refresh', user_email: user.email, user: JSON.stringify(user) })) {
          window.localStorage.setItem(key, value);
        }
      }, SIGNED_IN_USER);
    }
    await tab.goto(`http://127.0.0.1:${port}${page}`);
    // The page itself: not the landing hero the shell paints while the public remote loads (aria-busy), after which
    // the network can fall idle before the remote's page is fetched.
    await tab.locator('main:not([aria-busy="true"]) h1').first().waitFor({ timeout: 30_000 });
    // The service worker the shell registers: its script is fetched for the page, but sooner or later than the network falls idle.
    const workerActive = await tab.evaluate(() =>
      Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000))]),
    );
    if (!workerActive) throw new Error(`${page}: the service worker did not become active within 30 s`);
    await tab.waitForLoadState('networkidle');
    const url = new URL(tab.url());
    landedOn = url.pathname + url.search;
  } finally {
    await browser.close();
    server.close();
  }
  const scripts = [...fetched.values()].map(({ build, file }) => {
    const relative = path.relative(build.dist, file);
    return { owner: build.name, file: relative, kind: kindOf(relative), ...weigh(fs.readFileSync(file)) };
  });
  return { scripts, landedOn };
}

/**
 * Each shared singleton alone, as the shell shares it (its slim module where
 * SLIM_SHARES names one), minified: what each adds to the shell's shared chunk,
 * besides the federation's share wrappers.
 */
export async function sharedDependencySizes(): Promise<Record<string, Weight>> {
  const entries: Record<(typeof SINGLETONS)[number], string> = {
    react: `import * as react from 'react'; import * as jsx from 'react/jsx-runtime'; console.log(react, jsx);`,
    'react-dom': `import * as client from 'react-dom/client'; import * as dom from 'react-dom'; console.log(client, dom);`,
    'react-router-dom': `import * as router from ${JSON.stringify(SLIM_SHARES['react-router-dom'] ?? 'react-router-dom')}; console.log(router);`,
    '@tanstack/react-query': `import * as query from ${JSON.stringify(SLIM_SHARES['@tanstack/react-query'] ?? '@tanstack/react-query')}; console.log(query);`,
  };
  const sizes: Record<string, Weight> = {};
  for (const name of SINGLETONS) {
    const bundle = await rolldown({
      input: 'entry',
      cwd: path.join(frontend, 'shell'),
      // The other singletons are shared on their own.
      external: (id) => SINGLETONS.some((other) => other !== name && (id === other || id.startsWith(`${other}/`))) || (name !== 'react' && id.startsWith('react/')),
      transform: { define: { 'process.env.NODE_ENV': '"production"' } },
      plugins: [{ name: 'entry', resolveId: (id) => (id === 'entry' ? id : null), load: (id) => (id === 'entry' ? entries[name] : null) }],
      logLevel: 'silent',
    });
    const { output } = await bundle.generate({ minify: true });
    sizes[name] = weigh(output[0].code);
  }
  return sizes;
}
