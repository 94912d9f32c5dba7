import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Publications1764200000000 implements MigrationInterface {
  name = 'Publications1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // post_id and organization_id have no foreign keys: posts and organizations live in other services.
    await queryRunner.query(`
      CREATE TABLE "publications" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "post_id" uuid NOT NULL,
        "organization_id" uuid NOT NULL,
        "version" int NOT NULL CHECK ("version" > 0),
        "platform" varchar(20) NOT NULL,
        "state" varchar(20) NOT NULL CHECK ("state" IN ('queued', 'publishing', 'published', 'failed', 'in_doubt', 'withdrawn')),
        "due_at" timestamptz NOT NULL,
        "next_attempt_at" timestamptz NOT NULL,
        "cycle" int NOT NULL DEFAULT 0,
        "attempts" int NOT NULL DEFAULT 0,
        "failures" int NOT NULL DEFAULT 0,
        "lease_until" timestamptz,
        "handle" jsonb NOT NULL DEFAULT '{}',
        "sandbox" boolean NOT NULL DEFAULT false,
        "link" text,
        "platform_post_id" text,
        "reason" text,
        "missed" text,
        "published_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "publications_one_per_version" UNIQUE ("post_id", "version", "platform")
      )`);
    // The sweep's and the health's reads: what is waiting or held, by time.
    await queryRunner.query(`CREATE INDEX "publications_open" ON "publications" ("next_attempt_at") WHERE "state" IN ('queued', 'publishing')`);
    await queryRunner.query(`CREATE INDEX "publications_post" ON "publications" ("post_id")`);
    await queryRunner.query(`CREATE INDEX "publications_organization" ON "publications" ("organization_id")`);
    await queryRunner.query(`
      CREATE TABLE "publication_attempts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "publication_id" uuid NOT NULL REFERENCES "publications" ("id") ON DELETE CASCADE,
        "number" int NOT NULL,
        "worker" varchar(100) NOT NULL,
        "started_at" timestamptz NOT NULL,
        "finished_at" timestamptz,
        "outcome" varchar(20),
        "detail" text,
        CONSTRAINT "publication_attempts_number" UNIQUE ("publication_id", "number")
      )`);
    await queryRunner.query(`
      CREATE TABLE "sandbox_posts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "key" varchar(200) NOT NULL UNIQUE,
        "organization_id" uuid NOT NULL,
        "platform" varchar(20) NOT NULL,
        "text" text NOT NULL,
        "media_urls" text[] NOT NULL DEFAULT '{}',
        "deliveries" int NOT NULL DEFAULT 1,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "sandbox_posts_organization" ON "sandbox_posts" ("organization_id", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sandbox_posts"`);
    await queryRunner.query(`DROP TABLE "publication_attempts"`);
    await queryRunner.query(`DROP TABLE "publications"`);
  }
}
