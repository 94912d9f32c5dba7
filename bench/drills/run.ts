/**
 * Failure drills (issue 20): the whole product as `npm start` runs it with
 * two replicas of every service (REPLICAS=2, PORT_OFFSET, its own NAMESPACE),
 * on a private Postgres, Redis and NATS started for the run (restarting the
 * shared ones would harm other users of this machine), under a steady mixed
 * load through the gateway. One after another, with a settle period between:
 * kill -9 of each service replica (the supervisor restarts it), a rolling
 * restart of every service (SIGTERM replica 1, back, healthy and in the
 * gateway's rotation, then replica 2), and restarts of NATS, Redis and Postgres.
 *
 *   npm run bench:drills -w bench
 *     DRILLS_PORT_OFFSET (a free one, as the e2e tests pick it: every port below Linux's ephemeral range, 32768 up),
 *     DRILLS_SETTLE_SECONDS (5), DRILLS_USERS (3), DRILLS_SUBSCRIBERS (3),
 *     DRILLS_FAULTS (replica,rolling,server: the kinds to run, or faults by name, such as `kill -9 posts.1`),
 *     DRILLS_KEEP_LOGS (1: keep them when all is met too)
 *   BENCH_SMOKE=1 (`npm test`): one user and one subscriber, 3 s of load alone, the one fault
 *   `kill -9 posts.1`, posts due 5 s ahead and a newsletter every 5 s; the targets are printed, not judged.
 *
 * Per fault it prints: calls, failed (no answer or 5xx), 4xx (none is
 * expected; the gateway's limits are raised above the load, so no 429),
 * events lost (a post scheduled and due then that was not published or not
 * marked published by the posts service; a rename whose event is not on the
 * organizations stream; a newsletter mail missing, or a delivery content
 * never heard was sent), posts published twice (Sandbox feed deliveries above
 * one), mails sent twice (mails in MAIL_DIR for one newsletter and address
 * above one), and the time to recover (from the fault until /api/health is
 * 200 and no call failed after). Calls and changes count under the fault in
 * whose window (its start to the next fault's) they were made; posts under
 * the one in whose window they were due.
 *
 * Targets: 0 failed for the load alone, a replica killed while the other
 * serves and a rolling restart (failures during a server restart are printed,
 * marked *, not targeted); everywhere 0 unexpected 4xx, 0 lost, 0 twice, and
 * recovered. Exits 1 when one is missed (not in a smoke run), keeping the logs (their folder is printed).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePortOffset } from '@planner/frontend-e2e/system';
import { GATEWAY_PORT } from '@planner/contracts';
import { run, setting, smoke } from '../lib.js';
import { Gateway } from './client.js';
import { untilArrived } from './delivered.js';
import { replicaKills, rollingRestarts, runFault, serverRestarts } from './faults.js';
import { startLoad, type LoadOptions } from './load.js';
import { failures, table, tally, type FaultRun } from './outcome.js';
import { replicasOf, startProduct, tail, type Product } from './product.js';
import { startServers } from './servers.js';
import { confirmedSubscriber, logIn, makeAccount } from './setup.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SETTLE_MS = setting('DRILLS_SETTLE_SECONDS', 5, 1) * 1000;
const USERS = setting('DRILLS_USERS', 3, 1);
const SUBSCRIBERS = setting('DRILLS_SUBSCRIBERS', 3, 1);
/** The load alone before the first fault, for comparison. */
const BASELINE_MS = smoke ? 3_000 : 15_000;
/** DRILLS_FAULTS: which faults to run, by kind or by name, comma-separated (every one by default). */
const CHOSEN = (process.env.DRILLS_FAULTS ?? (smoke ? 'kill -9 posts.1' : 'replica,rolling,server')).split(',').map((choice) => choice.trim());
const LOAD: LoadOptions = smoke ? { pauseMs: 300, postLeadMs: 5_000, newsletterEveryMs: 5_000 } : { pauseMs: 300, postLeadMs: 20_000, newsletterEveryMs: 20_000 };
const ADMIN = { email: 'drill-admin@example.com', password: 'Drill#Admin123' };
/** Far above what the load sends: the drill measures faults, not the limiter. */
const LIMIT = '1000000';

async function main(): Promise<void> {
  const namespace = `drill${randomBytes(3).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drills-'));
  const [mailDir, logDir, frontendDist] = ['mail', 'logs', 'no-frontend'].map((name) => path.join(dir, name));
  for (const folder of [mailDir!, logDir!, frontendDist!]) fs.mkdirSync(folder);
  const outputFile = path.join(dir, 'npm-start.log');
  let keep = false;
  const portOffset = process.env.DRILLS_PORT_OFFSET ? Number(process.env.DRILLS_PORT_OFFSET) : await freePortOffset([...replicasOf(0, 2).map((r) => r.port), GATEWAY_PORT]);
  process.stdout.write(`drills: namespace ${namespace}, ports moved by ${portOffset}, logs in ${dir}\n`);

  const servers = await startServers();
  let product: Product | undefined;
  let missedTargets = false;
  try {
    const gatewayUrl = `http://127.0.0.1:${GATEWAY_PORT + portOffset}`;
    product = await startProduct({
      root,
      portOffset,
      outputFile,
      env: {
        NODE_ENV: 'development',
        NAMESPACE: namespace,
        DATABASE_URL: servers.postgres.url,
        REDIS_URL: servers.redis.url,
        NATS_URL: servers.nats.url,
        MAIL_DIR: mailDir!,
        LOG_DIR: logDir!,
        // No frontend build for a drill of the API: the gateway serves its placeholder page.
        FRONTEND_DIST: frontendDist!,
        APP_URL: gatewayUrl,
        CORS_ORIGINS: gatewayUrl,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        RATE_LIMIT_MAX: LIMIT,
        AUTH_RATE_LIMIT_MAX: LIMIT,
        AUTH_RATE_LIMIT_ADDRESS_MAX: LIMIT,
      },
    });
    const gateway = new Gateway(product.gateway);
    process.stdout.write(`product up (2 replicas of every service); making ${USERS} users and ${SUBSCRIBERS} subscribers...\n`);
    const admin = await logIn(gateway, ADMIN);
    const accounts = await Promise.all(Array.from({ length: USERS }, (_, i) => makeAccount(gateway, mailDir!, admin.access_token, `drill_user_${i + 1}`)));
    const subscribers = Array.from({ length: SUBSCRIBERS }, (_, i) => `drill-reader-${i + 1}@example.com`);
    await Promise.all(subscribers.map((email) => confirmedSubscriber(gateway, mailDir!, email)));

    const load = startLoad(gateway, accounts, ADMIN, LOAD);
    const runs: Array<Omit<FaultRun, 'end'>> = [];
    const loadStart = Date.now();
    process.stdout.write('load running; faults:\n');
    await sleep(BASELINE_MS);
    runs.push({ name: 'none (the load alone)', kind: 'none', start: loadStart, healthyAt: loadStart });
    const faults = [...replicaKills(product), ...rollingRestarts(product), ...serverRestarts(servers.all)].filter((f) => CHOSEN.includes(f.kind) || CHOSEN.includes(f.name));
    if (!faults.length) throw new Error(`DRILLS_FAULTS (${CHOSEN.join(', ')}) names no fault`);
    for (const fault of faults) runs.push(await runFault(fault, product, SETTLE_MS));
    // The posts scheduled under the last fault fall due after it: the load goes on until they have.
    await sleep(LOAD.postLeadMs);
    const accepted = await load.stop();
    const loadEnd = Date.now();
    const windows: FaultRun[] = runs.map((r, i) => ({ ...r, end: runs[i + 1]?.start ?? loadEnd }));

    process.stdout.write(`load stopped after ${((loadEnd - loadStart) / 1000).toFixed(0)} s; waiting for every accepted change to arrive...\n`);
    const delivered = await untilArrived(
      { databaseUrl: servers.postgres.url, natsUrl: servers.nats.url, namespace, mailDir: mailDir! },
      accepted,
      subscribers,
      smoke ? { timeoutMs: 60_000, graceMs: 2_000 } : { timeoutMs: 180_000, graceMs: 10_000 },
    );
    const rows = windows.map((w) => tally(w, gateway.calls, accepted, delivered, subscribers));
    const missed = rows.filter((r) => r.missed.length);
    missedTargets = missed.length > 0 && !smoke;
    keep = missedTargets || process.env.DRILLS_KEEP_LOGS === '1';
    process.stdout.write(
      [
        '',
        `Failure drills: ${gateway.calls.length} calls through the gateway over ${((loadEnd - loadStart) / 1000).toFixed(0)} s (${USERS} users, a newsletter every ${LOAD.newsletterEveryMs / 1000} s to ${SUBSCRIBERS} subscribers); accepted ${accepted.posts.length} scheduled posts, ${accepted.renames.length} renames, ${accepted.newsletters.length} newsletters; ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
        ...table(rows),
        '  * failures while a server restarts are not targeted',
        ...failures(rows),
        '',
        smoke ? 'a smoke run: targets not judged' : missed.length ? `targets MISSED: ${missed.map((r) => r.name).join(', ')}` : 'every target met',
        ...(keep ? [`logs kept in ${dir}`] : []),
        '',
      ].join('\n'),
    );
  } catch (error) {
    keep = true;
    process.stderr.write(`npm start's last output:\n${tail(outputFile)}\nlogs kept in ${dir}\n`);
    throw error;
  } finally {
    await product?.stop();
    await servers.remove();
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
  if (missedTargets) throw new Error('a target was missed (above)');
}

run(main);
