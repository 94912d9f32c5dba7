import pg from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { migrateService } from '../src/migrate.js';
import { removeNamespace, testId, testInfrastructure } from '../src/testing/index.js';

class CreateWidgets1800000000000 implements MigrationInterface {
  async up(runner: QueryRunner) {
    await runner.query('CREATE TABLE widgets (id int PRIMARY KEY)');
  }
  async down(runner: QueryRunner) {
    await runner.query('DROP TABLE widgets');
  }
}

class Broken1800000000001 implements MigrationInterface {
  async up(runner: QueryRunner) {
    await runner.query('CREATE TABLE widgets (id int PRIMARY KEY)');
  }
  async down() {}
}

const namespace = testId('migrate');

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: (await testInfrastructure()).databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const env = async () => ({ DATABASE_URL: (await testInfrastructure()).databaseUrl, NAMESPACE: namespace });

afterEach(() => {
  process.exitCode = undefined;
});

afterAll(async () => {
  await removeNamespace(namespace);
});

describe('migrateService (the migration Job)', () => {
  it("applies the service's migrations to its own schema, once however often it runs", async () => {
    const widgets = { name: 'widgets', database: { migrations: [CreateWidgets1800000000000] } };
    await migrateService(widgets, await env());
    await migrateService(widgets, await env());
    expect(process.exitCode).toBeUndefined();
    const applied = await query<{ name: string }>(`SELECT name FROM "${namespace}_widgets".migrations ORDER BY id`);
    expect(applied.map((m) => m.name)).toEqual(['CreateOutboxAndInbox1763700000000', 'CreateWidgets1800000000000']);
    expect(await query(`SELECT to_regclass($1) AS t`, [`"${namespace}_widgets".widgets`])).toEqual([{ t: `${namespace}_widgets.widgets` }]);
  });

  it('ends with exit code 1 when a migration fails, leaving the schema as it was', async () => {
    await migrateService({ name: 'broken', database: { migrations: [CreateWidgets1800000000000, Broken1800000000001] } }, await env());
    expect(process.exitCode).toBe(1);
    const applied = await query<{ name: string }>(`SELECT name FROM "${namespace}_broken".migrations ORDER BY id`);
    expect(applied.map((m) => m.name)).not.toContain('Broken1800000000001');
  });

  it('has nothing to do for a service without a database (the gateway)', async () => {
    await migrateService({ name: 'gateway' }, await env());
    expect(process.exitCode).toBeUndefined();
  });
});
