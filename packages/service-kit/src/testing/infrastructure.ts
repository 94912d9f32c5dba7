import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';

export interface InfrastructureUrls {
  databaseUrl: string;
  redisUrl: string;
  natsUrl: string;
}

const DEFAULTS: InfrastructureUrls = {
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/planner_test',
  redisUrl: 'redis://127.0.0.1:6379',
  natsUrl: 'nats://127.0.0.1:4222',
};

let resolved: Promise<InfrastructureUrls> | undefined;

/**
 * Where tests find real Postgres, Redis and NATS: the env URLs when set,
 * containers when a Docker engine answers, else the default local ports.
 * Resolved once per test process.
 */
export function testInfrastructure(): Promise<InfrastructureUrls> {
  resolved ??= resolve();
  return resolved;
}

async function resolve(): Promise<InfrastructureUrls> {
  const env = process.env;
  if (env.DATABASE_URL || env.REDIS_URL || env.NATS_URL || !(await dockerAnswers())) {
    const urls = {
      databaseUrl: env.DATABASE_URL ?? DEFAULTS.databaseUrl,
      redisUrl: env.REDIS_URL ?? DEFAULTS.redisUrl,
      natsUrl: env.NATS_URL ?? DEFAULTS.natsUrl,
    };
    await ensureDatabase(urls.databaseUrl);
    return urls;
  }
  return startContainers();
}

function dockerAnswers(): Promise<boolean> {
  const socket = '/var/run/docker.sock';
  if (!fs.existsSync(socket)) return Promise.resolve(false);
  return new Promise((done) => {
    const req = http.get({ socketPath: socket, path: '/_ping', timeout: 1000 }, (res) => {
      res.resume();
      done(res.statusCode === 200);
    });
    req.on('error', () => done(false));
    req.on('timeout', () => {
      req.destroy();
      done(false);
    });
  });
}

/** One Postgres, Redis and JetStream NATS container per test process; the Ryuk reaper removes them after. */
async function startContainers(): Promise<InfrastructureUrls> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const [postgres, redis, nats] = await Promise.all([
    new GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust', POSTGRES_DB: 'planner_test' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start(),
    new GenericContainer('redis:7-alpine').withExposedPorts(6379).start(),
    new GenericContainer('nats:2.10-alpine').withCommand(['-js']).withExposedPorts(4222).start(),
  ]);
  return {
    databaseUrl: `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/planner_test`,
    redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
    natsUrl: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
  };
}

/** Creates the test database when it is missing (a fresh machine where only `postgres` exists). */
async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '')}"`).catch(() => undefined);
  } finally {
    await client.end();
  }
}
