import pg from 'pg';
import { DataSource, QueryFailedError, type EntityManager, type EntitySchema, type MixedList } from 'typeorm';
import { OutboxEvent } from './outbox/outbox-event.entity.js';
import { InboxEvent } from './outbox/inbox-event.entity.js';
import { CreateOutboxAndInbox1763700000000 } from './outbox/outbox.migration.js';

export interface DataSourceOptions {
  url: string;
  /** The service's own Postgres schema; no service reads another's. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities?: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations?: MixedList<Function | string>;
  poolSize?: number;
  /** How long a query waits for a connection (pool full, or Postgres not answering) before it fails. */
  connectTimeoutMs?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A TypeORM data source confined to one schema: tables, the migrations table
 * and the search path all live there. `synchronize` is off: the schema only
 * changes through migrations. Every service gets the outbox and inbox tables.
 */
export function createDataSource({ url, schema, entities = [], migrations = [], poolSize = 10, connectTimeoutMs = 10_000 }: DataSourceOptions): DataSource {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  return new DataSource({
    type: 'postgres',
    url,
    schema,
    entities: [OutboxEvent, InboxEvent, ...(entities as unknown[])] as DataSourceOptions['entities'],
    migrations: [CreateOutboxAndInbox1763700000000, ...(migrations as unknown[])] as DataSourceOptions['migrations'],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    // Ids come from gen_random_uuid() (core Postgres); no extension gets installed into a service's schema.
    installExtensions: false,
    logging: false,
    // A bounded wait: pg's pool would otherwise wait for a connection forever while Postgres does not answer.
    extra: { max: poolSize, connectionTimeoutMillis: connectTimeoutMs, options: `-c search_path=${schema}` },
  });
}

/**
 * Creates the schema if needed, connects and applies pending migrations. An
 * advisory lock per schema lets several replicas start at once: one migrates,
 * the others wait and then find nothing pending.
 */
export async function openDataSource(dataSource: DataSource): Promise<DataSource> {
  const { url, schema } = dataSource.options as { url: string; schema: string };
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${schema}`]);
    await lock.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    if (!dataSource.isInitialized) await dataSource.initialize();
    await dataSource.runMigrations();
  } finally {
    await lock.end(); // ending the session releases the lock
  }
  return dataSource;
}

export async function checkDatabase(dataSource: DataSource): Promise<void> {
  await dataSource.query('SELECT 1');
}

/**
 * Holds a Postgres advisory lock on `key` until the caller's transaction ends:
 * one writer at a time for what a row lock cannot cover (a count, a name not yet taken).
 */
export async function advisoryLock(manager: EntityManager, key: string): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
}

/** A unique-constraint violation (two writers taking the same name at once), of `constraint` when given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' && (constraint === undefined || driverError.constraint === constraint);
}
