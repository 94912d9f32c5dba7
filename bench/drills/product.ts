/**
 * The whole product as `npm start` runs it with two replicas of every service,
 * in its own process group (stopped with SIGINT, as Ctrl-C would), on moved
 * ports and in a namespace of its own.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { GATEWAY_PORT, SERVICE_NAMES, SERVICES, type ServiceName } from '@planner/contracts';

/** `npm start` puts a service's second replica 100 ports above its first. */
const REPLICA_PORT_STEP = 100;

export interface Replica {
  service: ServiceName;
  /** 1 or 2, as `npm start` names them (`organizations.2`). */
  number: number;
  port: number;
}

export interface Product {
  gateway: string;
  replicas: Replica[];
  /** The pid listening on a replica's port now, or null (down, or restarting). */
  pidOf(replica: Replica): number | null;
  /** Whether /api/health says every replica and Postgres, Redis and NATS are up. */
  healthy(): Promise<boolean>;
  /** Whether the replica's own /health answers 200. */
  replicaHealthy(replica: Replica): Promise<boolean>;
  /** SIGINT to its group, as Ctrl-C; resolves once `npm start` has stopped everything it started. */
  stop(): Promise<void>;
}

export interface ProductOptions {
  root: string;
  portOffset: number;
  env: Record<string, string>;
  /** Where `npm start`'s own output goes. */
  outputFile: string;
}

export function replicasOf(portOffset: number, count: number): Replica[] {
  return SERVICE_NAMES.flatMap((service) =>
    Array.from({ length: count }, (_, i) => ({ service, number: i + 1, port: SERVICES[service].port + portOffset + REPLICA_PORT_STEP * i })),
  );
}

/** `lsof -t -i tcp:<port> -s tcp:listen`: the listener's pid. */
function listenerPid(port: number): number | null {
  try {
    const out = execFileSync('lsof', ['-t', '-i', `tcp:${port}`, '-s', 'tcp:listen'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const pid = Number(out.trim().split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null; // lsof exits 1 when nothing listens
  }
}

async function answers200(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

export async function startProduct({ root, portOffset, env, outputFile }: ProductOptions): Promise<Product> {
  const gateway = `http://127.0.0.1:${GATEWAY_PORT + portOffset}`;
  const replicas = replicasOf(portOffset, 2);
  const out = fs.openSync(outputFile, 'a');
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, ...env, REPLICAS: '2', PORT_OFFSET: String(portOffset) },
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));

  const product: Product = {
    gateway,
    replicas,
    pidOf: (replica) => listenerPid(replica.port),
    healthy: () => answers200(`${gateway}/api/health`),
    replicaHealthy: (replica) => answers200(`http://127.0.0.1:${replica.port}/health`),
    async stop() {
      if (!running) return;
      process.kill(-child.pid!, 'SIGINT');
      const stopped = await Promise.race([exited.then(() => true), sleep(60_000).then(() => false)]);
      if (!stopped) process.kill(-child.pid!, 'SIGKILL');
    },
  };
  // Everything up: every replica's /health, then the gateway's view of them all.
  for (const deadline = Date.now() + 300_000; ; await sleep(1000)) {
    if (!running) throw new Error(`npm start exited before the product was up; its output:\n${tail(outputFile)}`);
    if (await product.healthy()) return product;
    if (Date.now() > deadline) {
      await product.stop();
      throw new Error(`the product was not healthy within 5 minutes; npm start's output:\n${tail(outputFile)}`);
    }
  }
}

export function tail(file: string, chars = 4000): string {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').slice(-chars) : '(no output)';
}

export const label = (replica: Replica) => `${replica.service}.${replica.number}`;
