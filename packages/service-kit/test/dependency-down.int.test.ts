import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedMessages } from '@planner/contracts';
import { createLogger, createRedis, createServer, isDependencyDown, type App } from '../src/index.js';
import { createDataSource, openDataSource } from '../src/data.js';
import { freePort, testId, testInfrastructure, waitFor } from '../src/testing/index.js';

/** Postgres or Redis down or restarting must never answer 500 (drill: a login during a Postgres restart did). */
const UNAVAILABLE = { error: 'Service Unavailable', message: SharedMessages.serviceUnavailable };
const application = testId('kit-dependency-down');
const schema = application.replaceAll('-', '_');
let databaseUrl: string;
let admin: pg.Client;
let app: App;
let dataSource: ReturnType<typeof createDataSource>;
const deadRedis = createRedis(`redis://127.0.0.1:${await freePort()}`);
deadRedis.on('error', () => undefined);

beforeAll(async () => {
  databaseUrl = (await testInfrastructure()).databaseUrl;
  const named = new URL(databaseUrl);
  named.searchParams.set('application_name', application);
  dataSource = await openDataSource(createDataSource({ url: named.toString(), schema }));
  admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  app = await createServer({ name: 'kit-dependency-down', logger: createLogger({ service: 'kit-dependency-down', level: 'silent' }), health: {} });
  app.get('/slow-query', async () => dataSource.query('SELECT pg_sleep(10)'));
  app.get('/cached', async () => ({ value: await deadRedis.get('anything') }));
  await app.ready();
});

afterAll(async () => {
  deadRedis.disconnect();
  await app.close();
  await dataSource.destroy();
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin.end();
});

describe('a dependency down answers 503 in the error format', () => {
  it('when Postgres ends the connection under a query (a restart: "terminating connection due to administrator command")', async () => {
    const answer = app.inject({ method: 'GET', url: '/slow-query' });
    await waitFor(
      async () => (await admin.query(`SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query LIKE '%pg_sleep%'`, [application])).rows,
      (rows) => rows.length > 0,
      5000,
    );
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [application]);
    const res = await answer;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
  });

  it('when Redis cannot be reached', async () => {
    const res = await app.inject({ method: 'GET', url: '/cached' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
  });

  it('within the connect timeout when Postgres accepts the connection but never answers', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as net.AddressInfo;
      const started = Date.now();
      const unanswered = createDataSource({ url: `postgres://postgres@127.0.0.1:${port}/planner`, schema: 'silent', connectTimeoutMs: 300 });
      const failure = await unanswered.initialize().then(() => null, (error: unknown) => error);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(isDependencyDown(failure)).toBe(true);
    } finally {
      silent.close();
    }
  });
});
