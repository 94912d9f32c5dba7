import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { z } from 'zod';
import { connect } from 'nats';
import pg from 'pg';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type Role } from '@planner/contracts';
import { baseConfigSchema, type BaseConfig } from '../config.js';
import type { DataSourceOptions } from '../database.js';
import { createLogger } from '../logger.js';
import { Redis } from '../redis.js';
import { connectInfrastructure, disconnectInfrastructure, type ServiceContext } from '../runtime.js';
import { TokenVerifier } from '../tokens.js';
import { testInfrastructure } from './infrastructure.js';

export { testInfrastructure };
export { buildCompiled, startTestProcess, type TestProcess } from './process.js';
export { startTestService, type TestService } from './service.js';
export { waitFor } from './wait.js';
export { recordSpans, type RecordedSpans } from './spans.js';
export { metricValue, parseMetrics, scrapeMetrics, type Sample } from './metrics.js';
export { untilConsumerIdle, untilLogWritten, untilOutboxSent, untilQueueIdle } from './settled.js';
export { publishCopy, publishEvent, testEvent, type EventInput, type TestEventOptions } from './events.js';
export { bearer, loopbackUrl, signedBearer } from './http.js';
import { startTestProcess, type TestProcess } from './process.js';

/** A loopback port nothing listens on right now (for a child process to take, or to stand for a service that is down). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The environment of a service process started by a test or benchmark on the
 * test infrastructure, in its own NAMESPACE (remove it after with removeNamespace).
 */
export async function namespacedProcessEnv(options: { namespace: string; logDir: string; authPort: number; nodeEnv?: string }): Promise<Record<string, string>> {
  const urls = await testInfrastructure();
  return {
    NODE_ENV: options.nodeEnv ?? 'test',
    HOST: '127.0.0.1',
    DATABASE_URL: urls.databaseUrl,
    REDIS_URL: urls.redisUrl,
    NATS_URL: urls.natsUrl,
    NAMESPACE: options.namespace,
    LOG_DIR: options.logDir,
    LOG_LEVEL: 'warn',
    JWKS_URL: `http://127.0.0.1:${options.authPort}/.well-known/jwks.json`,
    // One process of each service, nothing in front to take it out: stopping it need not wait.
    SHUTDOWN_DRAIN_DELAY_MS: '0',
  };
}

/**
 * A service (its src/main.ts in `serviceDir`) as its own process in `namespace`,
 * on a free port, once its /health answers: the real peer a test talks to.
 * `env` adds to (or overrides) the namespace's environment; its PORT, when
 * given, is the port (for a process that must know its own address).
 */
export async function startServiceProcess(
  serviceDir: string,
  options: { namespace: string; logDir: string; env?: Record<string, string>; healthTimeoutMs?: number },
): Promise<TestProcess> {
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  // No auth in these tests: the JWKS address is a free port nothing answers on.
  const env = { ...(await namespacedProcessEnv({ ...options, authPort: await freePort() })), PORT: String(port), ...options.env };
  const started = startTestProcess('src/main.ts', { cwd: serviceDir, env });
  try {
    await started.healthy(`http://127.0.0.1:${port}/health`, options.healthTimeoutMs);
  } catch (error) {
    // Not left running behind a failed start: the test that wanted it never stops it.
    await started.stop();
    throw error;
  }
  return started;
}

/** A short unique id for names of one test file's schema, key prefix and streams. */
export function testId(label: string): string {
  return `t_${label.replace(/[^a-z0-9]/gi, '').toLowerCase().slice(0, 20)}_${randomBytes(4).toString('hex')}`;
}

export interface TestContextOptions<C extends BaseConfig> {
  name: string;
  entities?: DataSourceOptions['entities'];
  migrations?: DataSourceOptions['migrations'];
  /** The service's config schema: its defaults apply, as in production. */
  configSchema?: z.ZodType<C>;
  /** Environment variables for this test, on top of the infrastructure's. */
  env?: Record<string, string>;
  /** Keys that sign test access tokens; made fresh when absent. */
  keys?: TestKeys;
  /** Verify access tokens against this key set instead of `keys` (auth's own signing keys). */
  jwks?: TestKeys['jwks'];
}

export interface TestServiceContext<C extends BaseConfig = BaseConfig> extends ServiceContext<C> {
  id: string;
  keys: TestKeys;
  cleanup: () => Promise<void>;
}

/**
 * A service context on real infrastructure, isolated for one test file: its
 * own Postgres schema (migrated), Redis key prefix and NATS subject namespace.
 * `cleanup()` drops all three.
 */
export async function createTestContext<C extends BaseConfig = BaseConfig>(options: TestContextOptions<C>): Promise<TestServiceContext<C>> {
  const urls = await testInfrastructure();
  const id = testId(options.name);
  const keys = options.keys ?? (await createTestKeys());
  const schema = (options.configSchema ?? baseConfigSchema) as z.ZodType<C>;
  const config = schema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: urls.databaseUrl,
    REDIS_URL: urls.redisUrl,
    NATS_URL: urls.natsUrl,
    ...options.env,
  });
  const logger = createLogger({ service: options.name, level: process.env.TEST_LOG_LEVEL ?? 'silent', stdout: true });
  const ctx = await connectInfrastructure({
    name: options.name,
    config,
    logger,
    schema: id,
    database: { entities: options.entities, migrations: options.migrations },
    redisPrefix: `${id}:`,
    namespace: id,
    verifier: new TokenVerifier({ jwks: options.jwks ?? keys.jwks }),
  });
  return {
    ...ctx,
    id,
    keys,
    cleanup: async () => {
      await ctx.relay.stop();
      await ctx.bus.deleteStreams();
      const stale = await ctx.redis.keys('*');
      // KEYS answers with the prefix included; DEL would add it again.
      if (stale.length > 0) await ctx.redis.call('DEL', ...stale.map((k) => `${id}:${k.slice(id.length + 1)}`));
      await disconnectInfrastructure(ctx);
      await dropSchema(urls.databaseUrl, id);
    },
  };
}

/**
 * Removes what processes started with `NAMESPACE=<namespace>` left behind:
 * their schemas (`<namespace>_<service>`), their NATS streams and their Redis
 * keys (`<namespace>:<service>:...`).
 */
export async function removeNamespace(namespace: string): Promise<void> {
  if (!/^[a-z][a-z0-9_]*$/.test(namespace)) throw new Error(`Invalid namespace: ${namespace}`);
  const urls = await testInfrastructure();
  const client = new pg.Client({ connectionString: urls.databaseUrl });
  await client.connect();
  try {
    const schemas = await client.query<{ name: string }>(`SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE $1`, [`${namespace}\\_%`]);
    for (const { name } of schemas.rows) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
  } finally {
    await client.end();
  }
  const nc = await connect({ servers: urls.natsUrl });
  try {
    const jsm = await nc.jetstreamManager();
    for await (const stream of jsm.streams.list()) {
      if (stream.config.name.startsWith(`${namespace}_`)) await jsm.streams.delete(stream.config.name);
    }
  } finally {
    await nc.close();
  }
  const redis = new Redis(urls.redisUrl);
  try {
    const keys = await redis.keys(`${namespace}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

export interface TestKeys {
  jwks: { keys: JWK[] };
  /** `sid` names the token's session, as auth's tokens do (revocation ends sessions); none when absent. */
  sign: (claims: { sub: string; role: Role; email_verified?: boolean; sid?: string }, options?: { expiresIn?: string | number; issuedAt?: number }) => Promise<string>;
}

/** An Ed25519 key pair standing in for the auth service's signing key. */
export async function createTestKeys(kid = 'test-key'): Promise<TestKeys> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' };
  return {
    jwks: { keys: [jwk] },
    sign: (claims, { expiresIn = '15m', issuedAt } = {}) =>
      new SignJWT({ role: claims.role, email_verified: claims.email_verified ?? true, ...(claims.sid ? { sid: claims.sid } : {}) })
        .setProtectedHeader({ alg: 'EdDSA', kid })
        .setSubject(claims.sub)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresIn)
        .sign(privateKey),
  };
}
