/**
 * Private Postgres, Redis and NATS (JetStream) for the drills, on free ports
 * with their data in a temporary folder: restarting them harms nobody else
 * on this machine (the default ones are shared with other runs and CI).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../lib.js';

export interface Server {
  readonly name: 'Postgres' | 'Redis' | 'NATS';
  readonly url: string;
  /** Stops it as its operator would (a fast shutdown), then starts it again on the same port and data. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const isRoot = process.getuid?.() === 0;

/** The newest installed Postgres' binaries (Debian keeps them off the PATH). */
function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions.length) throw new Error('no Postgres binaries under /usr/lib/postgresql (apt-get install postgresql)');
  return path.join(base, versions[0]!, 'bin');
}

/** initdb and pg_ctl refuse to run as root: as root they run as the `postgres` user, which owns the data. */
function asPostgres(binary: string, args: string[]): void {
  const [command, full] = isRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  execFileSync(command, full, { stdio: 'pipe' });
}

async function startPostgres(dir: string): Promise<Server> {
  const bin = postgresBin();
  const data = path.join(dir, 'data');
  fs.mkdirSync(dir, { recursive: true });
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  asPostgres(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  const port = await freePort();
  // 15 processes with a pool of 10 each, plus the bench's: more than the default 100 connections.
  fs.appendFileSync(path.join(data, 'postgresql.conf'), `\nlisten_addresses = '127.0.0.1'\nport = ${port}\nunix_socket_directories = ''\nmax_connections = 400\n`);
  const pgCtl = (...args: string[]) => asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(data, 'server.log'), '-w', '-t', '60', ...args]);
  pgCtl('start');
  execFileSync(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'planner']);
  return {
    name: 'Postgres',
    url: `postgres://postgres@127.0.0.1:${port}/planner`,
    restart: async () => pgCtl('-m', 'fast', 'restart'),
    stop: async () => pgCtl('-m', 'immediate', 'stop'),
  };
}

/** A server that runs as our child: restarted by SIGTERM and starting it again with the same arguments. */
async function startChild(name: 'Redis' | 'NATS', command: string, args: (port: number) => string[], scheme: string, dir: string): Promise<Server> {
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const log = path.join(dir, 'server.log');
  let child: ChildProcess;
  const launch = async () => {
    const out = fs.openSync(log, 'a');
    child = spawn(command, args(port), { cwd: dir, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    await untilListening(port, name, log);
  };
  const terminate = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  await launch();
  return {
    name,
    url: `${scheme}://127.0.0.1:${port}`,
    restart: async () => {
      await terminate();
      await launch();
    },
    stop: terminate,
  };
}

async function untilListening(port: number, name: string, log: string): Promise<void> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      const done = (answer: boolean) => {
        socket.destroy();
        resolve(answer);
      };
      socket.once('connect', () => done(true));
      socket.once('error', () => done(false));
      socket.setTimeout(1000, () => done(false));
    });
    if (open) return;
  }
  throw new Error(`${name} did not listen on ${port} within 30 s:\n${fs.readFileSync(log, 'utf8').slice(-2000)}`);
}

export interface Servers {
  postgres: Server;
  redis: Server;
  nats: Server;
  all: Server[];
  /** Stops them and removes their data. */
  remove(): Promise<void>;
}

export async function startServers(): Promise<Servers> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drills-servers-'));
  fs.chmodSync(dir, 0o755);
  const started: Server[] = [];
  const remove = async () => {
    for (const server of started.reverse()) await server.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const postgres = await startPostgres(path.join(dir, 'postgres'));
    started.push(postgres);
    // Append-only file on, as docs/operations.md asks of production: queued delays survive a restart.
    const redis = await startChild('Redis', 'redis-server', (port) => ['--port', String(port), '--bind', '127.0.0.1', '--dir', '.', '--appendonly', 'yes', '--save', ''], 'redis', path.join(dir, 'redis'));
    started.push(redis);
    const nats = await startChild('NATS', 'nats-server', (port) => ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', 'jetstream'], 'nats', path.join(dir, 'nats'));
    started.push(nats);
    return { postgres, redis, nats, all: [nats, redis, postgres], remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
