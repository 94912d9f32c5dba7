/**
 * The faults, one after another: each is done, then the drill waits until
 * /api/health answers 200 again (every replica and Postgres, Redis and NATS
 * up) and lets the load run a little longer before the next.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FaultKind, FaultRun } from './outcome.js';
import { label, type Product, type Replica } from './product.js';
import type { Server } from './servers.js';

export interface Fault {
  name: string;
  kind: FaultKind;
  /** Does it; resolves once what it stopped runs again (a replica: listening and its /health 200; a server: listening). */
  inject(): Promise<void>;
}

const RESTART_TIMEOUT_MS = 120_000;
/**
 * The gateway probes each replica every second (UPSTREAM_HEALTH_INTERVAL_MS):
 * a replica healthy again is back in its rotation within two probes. A
 * rolling restart waits that long before it stops the next replica, as a
 * Deployment's minReadySeconds does; stopping it at once left no replica in
 * the gateway's rotation for a moment (drill: two GETs answered 503).
 */
const READMITTED_MS = 2500;

/** Waits until a process other than `oldPid` listens on the replica's port and its /health answers 200 (the supervisor restarted it). */
async function untilReplaced(product: Product, replica: Replica, oldPid: number): Promise<void> {
  for (const deadline = Date.now() + RESTART_TIMEOUT_MS; Date.now() < deadline; await sleep(200)) {
    const pid = product.pidOf(replica);
    if (pid !== null && pid !== oldPid && (await product.replicaHealthy(replica))) return;
  }
  throw new Error(`${label(replica)} did not come back within ${RESTART_TIMEOUT_MS / 1000} s`);
}

/** Signals the process listening on the replica's port and waits for the supervisor's new one. */
async function signalReplica(product: Product, replica: Replica, signal: NodeJS.Signals): Promise<void> {
  const pid = product.pidOf(replica);
  if (pid === null) throw new Error(`nothing listens on ${replica.port} (${label(replica)})`);
  process.kill(pid, signal);
  await untilReplaced(product, replica, pid);
}

/** kill -9 of each replica in turn, the other replica of its service serving meanwhile. */
export const replicaKills = (product: Product): Fault[] =>
  product.replicas.map((replica) => ({ name: `kill -9 ${label(replica)}`, kind: 'replica', inject: () => signalReplica(product, replica, 'SIGKILL') }));

/** Per service: SIGTERM replica 1 (it drains), wait until it is back, healthy and in the gateway's rotation, then replica 2. */
export const rollingRestarts = (product: Product): Fault[] =>
  [...new Set(product.replicas.map((r) => r.service))].map((service) => ({
    name: `rolling restart ${service}`,
    kind: 'rolling',
    inject: async () => {
      for (const replica of product.replicas.filter((r) => r.service === service)) {
        await signalReplica(product, replica, 'SIGTERM');
        await sleep(READMITTED_MS);
      }
    },
  }));

export const serverRestarts = (servers: Server[]): Fault[] => servers.map((server) => ({ name: `restart ${server.name}`, kind: 'server', inject: () => server.restart() }));

/** Runs the fault; answers its run without its end (the next fault's start). */
export async function runFault(fault: Fault, product: Product, settleMs: number): Promise<Omit<FaultRun, 'end'>> {
  const start = Date.now();
  let healthyAt: number | null = null;
  let injectedAt = start;
  try {
    await fault.inject();
    injectedAt = Date.now();
    for (const deadline = Date.now() + RESTART_TIMEOUT_MS; Date.now() < deadline; await sleep(250)) {
      if (await product.healthy()) {
        healthyAt = Date.now();
        break;
      }
    }
  } catch (error) {
    process.stdout.write(`  ${fault.name}: ${(error as Error).message}\n`);
  }
  const after = (at: number) => `${((at - start) / 1000).toFixed(1)} s`;
  process.stdout.write(`  ${fault.name}: back after ${after(injectedAt)}, ${healthyAt === null ? 'NOT healthy again' : `healthy again after ${after(healthyAt)}`}\n`);
  await sleep(settleMs);
  return { name: fault.name, kind: fault.kind, start, healthyAt };
}
