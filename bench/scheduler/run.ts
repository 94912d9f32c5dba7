/**
 * Scheduler benchmark (issue 16): 10,000 approved posts of 100 organizations
 * with Sandbox connections, all due in the same minute, published with the
 * real per-post work by the real services as processes on real Postgres,
 * Redis and NATS (in a namespace of their own, removed after): organizations,
 * posts, a scheduler API process (consumers, sweep, the Sandbox feed) and
 * scheduler worker processes (two unless BENCH_WORKERS says). Half way
 * through the minute the last worker is killed -9 and started again.
 *
 *   npm run bench:scheduler -w bench
 *     BENCH_POSTS (10000), BENCH_ORGANIZATIONS (100), BENCH_WINDOW_SECONDS (60: the minute),
 *     BENCH_LEAD_SECONDS (150), BENCH_GRACE_SECONDS (900), BENCH_STALLED_SECONDS (60),
 *     BENCH_CPU_PROFILE (a directory: CPU profiles), BENCH_WORKERS (2),
 *     BENCH_BACKGROUND_LOAD (0: the share of the machine's CPU a busy loop of
 *     the bench's own takes from the start to the end, as other work would);
 *     BENCH_SMOKE=1: 50 posts of 5
 *     organizations due within 5 s, for `npm test`
 *
 * The requests go in as posts' `posts.post.publish_requested` events, due
 * over one minute that starts BENCH_LEAD_SECONDS after the first is sent, so
 * the scheduler's consumers have recorded them all and their jobs are delayed
 * when the minute starts, as later posts' are (it says so when they have
 * not). Each job then does what it does in production: claims its
 * publication, re-reads the post from posts and the organization and its
 * credentials from organizations (NATS requests), publishes to the Sandbox
 * feed over HTTP, records the outcome and its event (posts marks the post
 * published).
 *
 * Publishing ends when every post is out, when nothing more has gone out for
 * BENCH_STALLED_SECONDS, or BENCH_GRACE_SECONDS after the minute. Prints publish lateness
 * (published_at − due_at) p50/p99/max, throughput, duplicates (Sandbox
 * deliveries above one, summed) and lost (not published when publishing
 * ended, by state); then where the time went: each step's share of a
 * publication's time, the same requests timed from outside during the
 * minute, the queue's backlog, the CPU each process used (from the minute's
 * start until posts has marked the posts published, the whole of their
 * publishing; and apart, while the requests were recorded before it), and
 * with BENCH_CPU_PROFILE what the profiled processes spent it on.
 *
 * Targets: p99 lateness under 2 s, 0 duplicates, 0 lost.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { CONNECTION_CREDENTIALS_BATCH_SUBJECT, PostRequests, type ConnectionPlatform } from '@planner/contracts';
import { ask, createLogger, EventBus, Redis } from '@planner/service-kit';
import { createDataSource, openDataSource } from '@planner/service-kit/data';
import { publishEvent, removeNamespace, testInfrastructure, type TestProcess } from '@planner/service-kit/testing';
import { crash, freePort, productionEnv, run, setting, start, stopAll, waitForOk } from '../lib.js';
import { CpuMeter, profileByPlace, type CpuReport } from './cpu.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const POSTS = setting('BENCH_POSTS', 10_000, 50);
const ORGANIZATIONS = setting('BENCH_ORGANIZATIONS', 100, 5);
/** The posts fall due over this window ("the minute"). */
const MINUTE_MS = setting('BENCH_WINDOW_SECONDS', 60, 5) * 1000;
const LEAD_MS = setting('BENCH_LEAD_SECONDS', 150, 6) * 1000;
/** After the minute, the most the benchmark waits for the rest to go out. */
const GRACE_MS = setting('BENCH_GRACE_SECONDS', 900, 30) * 1000;
/** Publishing has stopped when nothing more went out for this long: the rest are lost. */
const STALLED_MS = setting('BENCH_STALLED_SECONDS', 60, 15) * 1000;
/** Where to write CPU profiles of the processes (one worker, the API, posts, organizations) during the minute and after. */
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;
const PROFILED = ['scheduler worker 1', 'scheduler api', 'posts', 'organizations'];
const WORKERS = setting('BENCH_WORKERS', 2, 2);
const BACKGROUND_LOAD = setting('BENCH_BACKGROUND_LOAD', 0, 0);
/** Labels of the bench's own processes, left out of the product's CPU. */
const NOT_THE_PRODUCT = new Set(['bench', 'background load']);
const PRELOAD = fileURLToPath(new URL('../profile-preload.mjs', import.meta.url));
/** Text-only posts, so each organization's Sandbox connection is one of the platforms that take them. */
const PLATFORMS: Array<[ConnectionPlatform, string]> = [
  ['x', 'X'],
  ['linkedin', 'LinkedIn'],
  ['facebook', 'Facebook'],
  ['threads', 'Threads'],
  ['telegram', 'Telegram'],
];
const namespace = `bench_${randomBytes(3).toString('hex')}`;
const table = (service: string, name: string) => `"${namespace}_${service}".${name}`;

interface Post {
  id: string;
  organization_id: string;
  platform: ConnectionPlatform;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const format = (n: number) => n.toLocaleString('en-US');

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/**
 * Times `probe` every `everyMs` until `signal` aborts; resolves with the
 * round trips (ms), sorted. A probe that fails counts as its time to fail.
 */
async function timeRepeatedly(probe: () => Promise<unknown>, everyMs: number, signal: AbortSignal): Promise<number[]> {
  const times: number[] = [];
  while (!signal.aborted) {
    const started = performance.now();
    await probe().catch(() => undefined);
    times.push(performance.now() - started);
    await sleep(everyMs);
  }
  return times.sort((a, b) => a - b);
}

/** The busy loop of BENCH_BACKGROUND_LOAD, as a process of its own (stopped with the others). */
function backgroundLoad(share: number): TestProcess {
  return start('background load', 'scheduler/background-load.ts', path.join(root, 'bench'), { BENCH_BACKGROUND_SHARE: String(share) });
}

/** The CPU of a window, by process, in seconds and in ms per publication. */
function cpuLines(title: string, usage: CpuReport, publications: number): string[] {
  const others = usage.machine - usage.byLabel.reduce((sum, [, s]) => sum + s, 0);
  const rows: Array<readonly [string, number]> = [...usage.byLabel, ['others on the machine', others]];
  const ours = usage.byLabel.filter(([label]) => !NOT_THE_PRODUCT.has(label)).reduce((sum, [, s]) => sum + s, 0);
  return [
    `  ${title}: ${usage.available.toFixed(0)} s available, machine busy ${usage.machine.toFixed(0)} s; the product and its servers ${((ours * 1000) / publications).toFixed(1)} ms per publication (${Math.round(publications / ours)} publications per CPU-second); seconds, and ms per publication:`,
    `    ${rows.map(([label, s]) => `${label} ${s.toFixed(1)} (${((s * 1000) / publications).toFixed(1)})`).join(', ')}`,
  ];
}

/**
 * How long the scheduler's consumers took over each request, from what they
 * left: its transaction starts at its publication's created_at (Postgres'
 * now()) and its job is added (the job's timestamp) once it has committed.
 * Milliseconds, sorted.
 */
async function recordingTimes(db: ReturnType<typeof createDataSource>, redis: Redis, queue: string): Promise<number[]> {
  const rows = await db.query<Array<{ job: string; created_at: Date }>>(
    `SELECT post_id || '.' || version || '.' || platform || '.' || cycle AS job, created_at FROM ${table('scheduler', 'publications')}`,
  );
  const added = (await redis.pipeline(rows.map((row) => ['hget', `${queue}:${row.job}`, 'timestamp'])).exec())!.map(([, at]) => Number(at));
  return rows.map((row, i) => added[i]! - row.created_at.getTime()).sort((a, b) => a - b);
}

/** What the profiled processes spent their CPU on from the minute's start, and how late their event loops ran. */
function profiles(): string[] {
  return [
    '  CPU profiles (self time by package, built-ins counted for their callers; event-loop delay p50 / p99 / max):',
    ...PROFILED.flatMap((label) => {
      const file = path.resolve(PROFILE_DIR!, label.replaceAll(' ', '-'));
      if (!fs.existsSync(`${file}.cpuprofile`)) return [`    ${label}: no profile written`];
      const loop = JSON.parse(fs.readFileSync(`${file}.loop.json`, 'utf8')) as { p50: number; p99: number; max: number };
      const top = profileByPlace(`${file}.cpuprofile`).slice(0, 8);
      return [`    ${label} (loop ${loop.p50} / ${loop.p99} / ${loop.max} ms): ${top.map(([place, share]) => `${place} ${Math.round(share * 100)}%`).join(', ')}`];
    }),
  ];
}

async function main(): Promise<void> {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scheduler-logs-'));
  if (!(Number.isInteger(WORKERS) && WORKERS >= 1)) throw new Error(`BENCH_WORKERS must be a whole number of at least 1, not ${WORKERS}`);
  if (!(BACKGROUND_LOAD >= 0 && BACKGROUND_LOAD < 1)) throw new Error(`BENCH_BACKGROUND_LOAD must be a share of the CPU from 0 to below 1, not ${BACKGROUND_LOAD}`);
  const [authPort, organizationsPort, postsPort, apiPort, ...workerPorts] = (await Promise.all(Array.from({ length: 4 + WORKERS }, () => freePort()))) as [number, number, number, number, ...number[]];
  // Nothing answers at the JWKS address (no user calls here).
  const common = await productionEnv({ namespace, logDir, authPort });
  const { databaseUrl, natsUrl, redisUrl } = await testInfrastructure();
  const db = createDataSource({ url: databaseUrl, schema: `${namespace}_posts`, poolSize: 4 });
  const logger = createLogger({ service: 'bench', level: 'warn' });
  const redis = new Redis(redisUrl, { lazyConnect: true });
  let bus: EventBus | undefined;
  try {
    const processes = new Map<string, TestProcess>();
    const service = (label: string, name: string, port: number, env: Record<string, string> = {}) => {
      const profiled: Record<string, string> = PROFILE_DIR && PROFILED.includes(label) ? { NODE_OPTIONS: `--import ${PRELOAD}`, BENCH_PROFILE_FILE: path.resolve(PROFILE_DIR, label.replaceAll(' ', '-')) } : {};
      processes.set(label, start(label, 'src/main.ts', path.join(root, 'services', name), { ...common, ...env, ...profiled, PORT: String(port) }));
      return waitForOk(`http://127.0.0.1:${port}/health`, 90_000);
    };
    const worker = (n: number) =>
      service(`scheduler worker ${n}`, 'scheduler', workerPorts[n - 1]!, { SCHEDULER_ROLE: 'worker', SANDBOX_FEED_URL: `http://127.0.0.1:${apiPort}` });
    await Promise.all([service('organizations', 'organizations', organizationsPort), service('posts', 'posts', postsPort), service('scheduler api', 'scheduler', apiPort, { SCHEDULER_ROLE: 'api' })]);
    await Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(i + 1)));
    const background = BACKGROUND_LOAD > 0 ? backgroundLoad(BACKGROUND_LOAD) : undefined;
    if (background) processes.set('background load', background);

    // The services have migrated their schemas: the rows go straight in, as a seed would.
    await openDataSource(db);
    await redis.connect();
    const organizations = (
      await db.query<Array<{ id: string }>>(
        `INSERT INTO ${table('organizations', 'organizations')} (owner_id, name, is_active) SELECT gen_random_uuid(), 'Bench ' || i, true FROM generate_series(1, $1) AS i RETURNING id`,
        [ORGANIZATIONS],
      )
    ).map((row, i) => ({ id: row.id, platform: PLATFORMS[i % PLATFORMS.length]! }));
    await db.query(
      `INSERT INTO ${table('organizations', 'connections')} (organization_id, platform, sandbox, connected_by) SELECT unnest($1::uuid[]), unnest($2::text[]), true, gen_random_uuid()`,
      [organizations.map((o) => o.id), organizations.map((o) => o.platform[0])],
    );
    const owners = Array.from({ length: POSTS }, (_, i) => organizations[i % ORGANIZATIONS]!);
    const platformNamed = new Map(PLATFORMS.map(([platform, name]) => [name, platform]));
    const posts: Post[] = (
      await db.query<Array<{ id: string; organization_id: string; platform_name: string }>>(
        `INSERT INTO ${table('posts', 'posts')} (organization_id, status, content, platforms)
         SELECT organization_id, 'approved', 'Bench post ' || n || ': ' || repeat('words to read ', 10), ARRAY[platform_name]
           FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS o (organization_id, platform_name, n)
         RETURNING id, organization_id, platforms[1] AS platform_name`,
        [owners.map((o) => o.id), owners.map((o) => o.platform[1])],
      )
    ).map((row) => ({ id: row.id, organization_id: row.organization_id, platform: platformNamed.get(row.platform_name)! }));
    await db.query(`CREATE SCHEMA "${namespace}_bench"; CREATE TABLE ${table('bench', 'commits')} (at timestamptz NOT NULL DEFAULT now())`);

    // The requests, due over one minute in the order they are sent.
    bus = await EventBus.connect({ url: natsUrl, name: 'bench', namespace, logger });
    const meter = () =>
      new CpuMeter(
        () => new Map([[process.pid, 'bench'], ...[...processes].map(([label, p]): [number, string] => [p.child.pid!, label])]),
        ['postgres', 'nats-server', 'redis-server'],
        os.cpus().length,
      );
    const recordingCpu = meter();
    recordingCpu.start();
    const sentAt = Date.now();
    const firstDue = sentAt + LEAD_MS;
    const dueAt = (i: number) => new Date(firstDue + Math.floor((i * MINUTE_MS) / POSTS));
    process.stdout.write(`${format(POSTS)} posts of ${ORGANIZATIONS} organizations; sending their publish requests, due from ${seconds(LEAD_MS)} on...\n`);
    let next = 0;
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        for (let i = next++; i < POSTS; i = next++) {
          const post = posts[i]!;
          await publishEvent({ bus: bus! }, 'posts.post.publish_requested', {
            postId: post.id,
            organizationId: post.organization_id,
            version: 1,
            platforms: [post.platform],
            dueAt: dueAt(i).toISOString(),
          });
        }
      }),
    );
    const sentMs = Date.now() - sentAt;
    const queue = `${namespace}:scheduler:bull:publish`;
    const recorded = async () => {
      const [[row], delayed] = await Promise.all([db.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM ${table('scheduler', 'publications')}`), redis.zcard(`${queue}:delayed`)]);
      return { publications: row!.n, delayed };
    };
    let seen = await recorded();
    for (; (seen.publications < POSTS || seen.delayed < POSTS) && Date.now() < firstDue; seen = await recorded()) await sleep(250);
    const recordedMs = Date.now() - sentAt;
    const recordingUsage = recordingCpu.stop();
    process.stdout.write(
      seen.publications < POSTS || seen.delayed < POSTS
        ? `  WARNING: when the minute started, only ${format(seen.publications)} requests were recorded and ${format(seen.delayed)} jobs delayed: the figures include the recording (raise BENCH_LEAD_SECONDS)\n`
        : `  sent in ${seconds(sentMs)}; recorded by the scheduler's consumer, jobs delayed, in ${seconds(recordedMs)} (${format(Math.round(POSTS / (recordedMs / 1000)))}/s); the minute starts ${seconds(firstDue - Date.now())} later\n`,
    );

    const recording = await recordingTimes(db, redis, queue);

    await sleep(Math.max(0, firstDue - Date.now()));
    const at = () => Date.now() - firstDue;
    // Postgres's commits of every database (its statistics, flushed within a second or so).
    const commits = async () => Number((await db.query<Array<{ n: string }>>(`SELECT sum(xact_commit)::text AS n FROM pg_stat_database`))[0]!.n);
    const commitsAtStart = await commits();
    const cpu = meter();
    cpu.start();
    const loadAtStart = os.loadavg()[0]!;
    if (PROFILE_DIR) for (const label of PROFILED) processes.get(label)!.child.kill('SIGUSR2');
    const probing = new AbortController();
    const sample = posts.slice(0, 100);
    const pick = () => sample[Math.floor(Math.random() * sample.length)]!;
    const probes = {
      'posts: post for publishing': timeRepeatedly(() => ask({ bus: bus!, logger }, PostRequests.getForPublishing, { post_ids: [pick().id] }), 250, probing.signal),
      'organizations: credentials': timeRepeatedly(() => {
        const post = pick();
        return ask({ bus: bus!, logger }, CONNECTION_CREDENTIALS_BATCH_SUBJECT, { items: [{ organization_id: post.organization_id, platform: post.platform }] });
      }, 250, probing.signal),
      'Sandbox feed: GET by key': timeRepeatedly(() => {
        const post = pick();
        return fetch(`http://127.0.0.1:${apiPort}/internal/sandbox/posts?key=${post.id}.1.${post.platform}`).then((r) => r.arrayBuffer());
      }, 250, probing.signal),
      'postgres: one-row commit': timeRepeatedly(() => db.query(`INSERT INTO ${table('bench', 'commits')} DEFAULT VALUES`), 250, probing.signal),
    };
    let backlog = { jobs: 0, at: 0 };
    const watchBacklog = setInterval(() => {
      void redis.llen(`${queue}:wait`).then((jobs) => {
        if (jobs > backlog.jobs) backlog = { jobs, at: at() };
      });
    }, 1000);

    // Half way through the minute: kill -9 and start again.
    await sleep(Math.max(0, MINUTE_MS / 2 - at()));
    const killed = processes.get(`scheduler worker ${WORKERS}`)!;
    const killedPid = killed.child.pid!;
    cpu.sample();
    await crash(killed);
    const killedAt = at();
    await worker(WORKERS);
    const backAt = at();

    const state = () =>
      db.query<Array<{ state: string; n: number; reason: string | null }>>(
        `SELECT state, count(*)::int AS n, min(reason) AS reason FROM ${table('scheduler', 'publications')} GROUP BY state`,
      );
    const published = async () => (await state()).find((s) => s.state === 'published')?.n ?? 0;
    for (let count = await published(), progressAt = at(); count < POSTS && at() < MINUTE_MS + GRACE_MS && at() - progressAt < STALLED_MS; ) {
      await sleep(500);
      const now = await published();
      if (now > count) [count, progressAt] = [now, at()];
    }
    const endedAt = at();
    probing.abort();
    clearInterval(watchBacklog);
    // A publication's work ends when posts has marked its post published: the CPU is measured until then.
    const marked = async () =>
      (await db.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM ${table('posts', 'posts')} WHERE status = 'published'`))[0]!.n;
    const publishedCount = await published();
    let postsMarked = await marked();
    for (const until = Date.now() + 60_000; postsMarked < publishedCount && Date.now() < until; postsMarked = await marked()) await sleep(250);
    const postsMarkedAt = at();
    const usage = cpu.stop();
    await sleep(1500);
    const commitsInWindow = (await commits()) - commitsAtStart;
    const probed = await Promise.all(Object.entries(probes).map(async ([label, times]) => [label, await times] as const));

    // The figures, from the records.
    const [lateness] = await db.query<Array<{ n: number; p50: number; p99: number; max: number; first_due: Date; last_published: Date }>>(
      `SELECT count(*)::int AS n,
              percentile_disc(0.5) WITHIN GROUP (ORDER BY lateness) AS p50,
              percentile_disc(0.99) WITHIN GROUP (ORDER BY lateness) AS p99,
              max(lateness) AS max, min(due_at) AS first_due, max(published_at) AS last_published
         FROM (SELECT extract(epoch FROM published_at - due_at)::float8 AS lateness, due_at, published_at
                 FROM ${table('scheduler', 'publications')} WHERE state = 'published') AS published`,
    );
    const [{ duplicates, fed }] = (await db.query(
      `SELECT coalesce(sum(deliveries - 1), 0)::int AS duplicates, count(*)::int AS fed FROM ${table('scheduler', 'sandbox_posts')}`,
    )) as [{ duplicates: number; fed: number }];
    const states = await state();
    const unpublished = states.filter((s) => s.state !== 'published');
    const missing = POSTS - states.reduce((sum, s) => sum + s.n, 0);
    const lost = unpublished.reduce((sum, s) => sum + s.n, 0) + missing;
    const [killedHeld] = await db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM ${table('scheduler', 'publication_attempts')} WHERE worker LIKE $1 AND outcome IS NULL`,
      [`%:${killedPid}`],
    );
    // Each step's time, for publications published at their first attempt (the killed worker's took over have two).
    const steps = await db.query<Array<{ step: string; p50: number; p99: number }>>(
      `WITH times AS (
         SELECT p.due_at, a.started_at, (p.handle ->> 'creating')::timestamptz AS creating, s.created_at AS fed, p.published_at
           FROM ${table('scheduler', 'publications')} p
           JOIN ${table('scheduler', 'publication_attempts')} a ON a.publication_id = p.id AND a.number = 1
           JOIN ${table('scheduler', 'sandbox_posts')} s ON s.key = p.post_id || '.' || p.version || '.' || p.platform
          WHERE p.state = 'published' AND p.attempts = 1
       ), steps (n, step, took) AS (
         SELECT 1, 'due → claim starts (delayed job taken, a worker slot free)', started_at - due_at FROM times
         UNION ALL SELECT 2, 'claim → create marker (claim tx, posts + 2 organizations requests)', creating - started_at FROM times
         UNION ALL SELECT 3, 'create marker → feed insert (marker tx, feed HTTP)', fed - creating FROM times
         UNION ALL SELECT 4, 'feed insert → published_at (feed answer, record tx lock)', published_at - fed FROM times
       )
       SELECT step, percentile_disc(0.5) WITHIN GROUP (ORDER BY ms) AS p50, percentile_disc(0.99) WITHIN GROUP (ORDER BY ms) AS p99
         FROM (SELECT n, step, extract(epoch FROM took)::float8 * 1000 AS ms FROM steps) AS s GROUP BY n, step ORDER BY n`,
    );
    // Stopped before the figures are printed: profiles are written as the processes exit.
    await stopAll();

    const span = lateness!.last_published ? lateness!.last_published.getTime() - lateness!.first_due.getTime() : NaN;
    const met = lateness!.p99 < 2 && duplicates === 0 && lost === 0;
    const ms = (n: number) => `${Math.round(n)} ms`.padStart(8);
    process.stdout.write(
      [
        '',
        `Scheduler: ${format(POSTS)} posts (${ORGANIZATIONS} organizations, Sandbox connections on ${PLATFORMS.map(([, name]) => name).join(', ')}) due within ${seconds(MINUTE_MS)}; ${os.cpus().length} CPUs, load average ${loadAtStart.toFixed(1)} as it started`,
        `  ${WORKERS} scheduler workers${BACKGROUND_LOAD > 0 ? `, ${Math.round(BACKGROUND_LOAD * 100)} % of the CPU taken by a busy loop` : ''}; worker ${WORKERS} killed -9 at +${seconds(killedAt)} with ${killedHeld!.n} attempts open, back at +${seconds(backAt)}; measured until +${seconds(endedAt)}`,
        `  lateness (published_at − due_at): p50 ${lateness!.p50?.toFixed(2)} s   p99 ${lateness!.p99?.toFixed(2)} s   max ${lateness!.max?.toFixed(2)} s`,
        `  throughput: ${(lateness!.n / (span / 1000)).toFixed(0)} publications/s (${format(lateness!.n)} from the first due time to the last published, ${seconds(span)})`,
        `  duplicates: ${duplicates} (Sandbox deliveries above one, summed; ${format(fed)} posts in the feed)`,
        `  lost: ${lost}${lost ? ` (${[...unpublished.map((s) => `${s.n} ${s.state}${s.reason ? `: ${s.reason}` : ''}`), ...(missing ? [`${missing} never recorded`] : [])].join('; ')})` : ''} (not published when publishing ended at +${seconds(endedAt)})`,
        `  posts marked published by the posts service: ${format(postsMarked)} by +${seconds(postsMarkedAt)}`,
        `  target p99 < 2 s, 0 duplicates, 0 lost: ${met ? 'met' : 'MISSED'}`,
        '',
        '  where the time goes, per publication published at its first attempt (p50 / p99):',
        ...steps.map((s) => `    ${s.step.padEnd(72)} ${ms(s.p50)} ${ms(s.p99)}`),
        "  before the minute, each request as the scheduler's consumers recorded it (p50 / p99):",
        `    ${'transaction start → job added (inbox, lock, insert, commit, job lookup)'.padEnd(72)} ${ms(quantile(recording, 0.5))} ${ms(quantile(recording, 0.99))}`,
        '  the same requests timed from the bench every 250 ms during the minute (p50 / p99):',
        ...probed.map(([label, times]) => `    ${label.padEnd(72)} ${ms(quantile(times, 0.5))} ${ms(quantile(times, 0.99))}`),
        `  jobs due and waiting for a worker slot: at most ${format(backlog.jobs)} (at +${seconds(backlog.at)})`,
        ...cpuLines(`CPU from the minute's start until posts had marked them published, +${seconds(postsMarkedAt)}`, usage, lateness!.n),
        `  Postgres commits from the minute's start until then: ${format(commitsInWindow)}, ${(commitsInWindow / lateness!.n).toFixed(1)} per publication`,
        ...cpuLines(`CPU before the minute, recording the requests (${seconds(recordedMs)})`, recordingUsage, POSTS),
        ...(PROFILE_DIR ? profiles() : []),
        '',
      ].join('\n'),
    );
  } finally {
    await stopAll();
    await bus?.close();
    redis.disconnect();
    await new Promise((r) => setTimeout(r, 1000)); // let them close their connections before their schema goes
    if (db.isInitialized) await db.destroy();
    fs.rmSync(logDir, { recursive: true, force: true });
    await removeNamespace(namespace);
  }
}

run(main);
