/**
 * Post Review benchmark (issue 15): an organization with 20,000 posts (and a
 * neighbour with as many), the review list's first page for each status
 * filter and the organization's statistics, through the gateway, with the
 * real posts, organizations and scheduler services as processes on real
 * Postgres, Redis and NATS (in a namespace of their own, removed after).
 *
 *   npm run bench:posts:review -w bench      (BENCH_POSTS, BENCH_REQUESTS, BENCH_CONCURRENCY;
 *                                             BENCH_SMOKE=1: 500 posts, 20 requests, for `npm test`)
 *
 * Target: p95 under 50 ms for each.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { POST_FILTERS } from '@planner/contracts';
import { createDataSource, openDataSource } from '@planner/service-kit/data';
import { createTestKeys, removeNamespace, testInfrastructure } from '@planner/service-kit/testing';
import { freePort, percentiles, productionEnv, run, setting, start, stopAll, waitForOk, type Percentiles } from '../lib.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const requests = setting('BENCH_REQUESTS', 500, 20);
const concurrency = setting('BENCH_CONCURRENCY', 4, 4);
const POSTS = setting('BENCH_POSTS', 20_000, 500);
const namespace = `bench_${randomBytes(3).toString('hex')}`;
const owner = randomUUID();

/**
 * `count` posts of one organization in one statement: 40 % pending review,
 * 20 % approved, 10 % rejected, 20 % published, 10 % failed; one in twenty
 * deleted; scheduled over a year around now, one in ten without a time.
 */
const insertPosts = `
  INSERT INTO posts (organization_id, status, scheduled_time, platforms, media_type, media_paths, content, publications, created_at, deleted_at)
  SELECT $1,
         (ARRAY['pending_review','pending_review','pending_review','pending_review','approved','approved','rejected','published','published','failed'])[i % 10 + 1],
         CASE WHEN i % 10 = 3 THEN NULL ELSE now() + ((i % 365) - 182) * interval '1 day' + (i % 1440) * interval '1 minute' END,
         CASE i % 3 WHEN 0 THEN ARRAY['X','LinkedIn'] WHEN 1 THEN ARRAY['Instagram'] ELSE ARRAY['Facebook','Threads','Telegram'] END,
         CASE WHEN i % 4 = 0 THEN 'image' ELSE 'text' END,
         CASE WHEN i % 4 = 0 THEN ARRAY['media/' || i || '.png'] ELSE '{}'::text[] END,
         'Post number ' || i || ': ' || repeat('words to read ', 20),
         CASE WHEN i % 10 IN (7, 8) THEN jsonb_build_object('x', jsonb_build_object('status','published','link','https://x.com/a/status/' || i,'reason',null,'at',now()))
              ELSE '{}'::jsonb END,
         now() - (i % 400) * interval '1 day',
         CASE WHEN i % 20 = 0 THEN now() ELSE NULL END
    FROM generate_series(1, $2) AS i`;

/** A stand-in for auth's JWKS: the services and the gateway verify tokens these keys signed. */
async function serveJwks(port: number, jwks: object): Promise<http.Server> {
  const server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks)));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

function line(label: string, r: Percentiles): string {
  const verdict = r.p95 < 50 ? 'ok' : 'OVER 50 ms';
  return `  ${label.padEnd(28)} p50 ${String(r.p50).padStart(6)} ms   p95 ${String(r.p95).padStart(6)} ms   p99 ${String(r.p99).padStart(6)} ms   non-2xx ${r.non2xx}   ${verdict}`;
}

async function main(): Promise<void> {
  const keys = await createTestKeys('bench-key');
  const token = await keys.sign({ sub: owner, role: 'pro' }, { expiresIn: '1h' });
  const [authPort, gatewayPort, postsPort, organizationsPort, schedulerPort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-posts-logs-'));
  const common = await productionEnv({ namespace, logDir, authPort });
  const jwks = await serveJwks(authPort, keys.jwks);
  const { databaseUrl } = await testInfrastructure();
  const gateway = `http://127.0.0.1:${gatewayPort}/api`;
  const db = createDataSource({ url: databaseUrl, schema: `${namespace}_posts`, poolSize: 2 });
  try {
    const services = { posts: postsPort, organizations: organizationsPort, scheduler: schedulerPort };
    for (const [name, port] of Object.entries(services)) start(name, 'src/main.ts', path.join(root, 'services', name), { ...common, PORT: String(port) });
    await Promise.all(Object.values(services).map((port) => waitForOk(`http://127.0.0.1:${port}/health`, 60_000)));
    start('gateway', 'src/main.ts', path.join(root, 'services/gateway'), {
      ...common,
      PORT: String(gatewayPort),
      POSTS_URL: `http://127.0.0.1:${postsPort}`,
      ORGANIZATIONS_URL: `http://127.0.0.1:${organizationsPort}`,
      SCHEDULER_URL: `http://127.0.0.1:${schedulerPort}`,
      // Limits far above what the run sends: this measures the services, not the limiter.
      RATE_LIMIT_MAX: '1000000000',
    });
    await waitForOk(`${gateway}/version`);

    // The services have migrated their schemas: the rows go straight in, as a seed would.
    await openDataSource(db);
    const [organization] = await db.query<Array<{ id: string }>>(
      `INSERT INTO "${namespace}_organizations".organizations (owner_id, name, is_active) VALUES ($1, 'Bench', true) RETURNING id`,
      [owner],
    );
    const organizationId = organization!.id;
    const started = performance.now();
    await db.query(insertPosts, [organizationId, POSTS]);
    await db.query(insertPosts, [randomUUID(), POSTS]);
    // As autovacuum leaves a table in use: statistics gathered and the visibility map set (index-only scans need it).
    await db.query('VACUUM ANALYZE posts');
    process.stdout.write(`${2 * POSTS} posts inserted in ${Math.round(performance.now() - started)} ms; ${requests} requests each, ${concurrency} at a time...\n`);

    const headers = { authorization: `Bearer ${token}` };
    const targets: Array<[string, string]> = [
      ...POST_FILTERS.map((status): [string, string] => [`GET /posts?status=${status}`, `${gateway}/posts?organization_id=${organizationId}&status=${status}`]),
      ['GET /organizations/{id}/statistics', `${gateway}/organizations/${organizationId}/statistics`],
    ];
    const results: string[] = [];
    for (const [label, url] of targets) {
      const check = await fetch(url, { headers });
      if (check.status !== 200) throw new Error(`${label} answered ${check.status}: ${await check.text()}`);
      await percentiles(url, { requests: Math.min(100, requests), concurrency, headers });
      results.push(line(label, await percentiles(url, { requests, concurrency, headers })));
    }
    process.stdout.write(
      ['', `Post Review through the gateway: ${POSTS} posts in the organization, ${concurrency} concurrent, ${os.cpus().length} CPUs`, ...results, ''].join('\n'),
    );
  } finally {
    stopAll();
    jwks.close();
    await new Promise((r) => setTimeout(r, 500)); // let them close their connections before their schema goes
    if (db.isInitialized) await db.destroy();
    fs.rmSync(logDir, { recursive: true, force: true });
    await removeNamespace(namespace);
  }
}

run(main);
