import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 15: what each stored media file is (sniffed type, size, duration, source), by storage key. */
export class Media1763900001500 implements MigrationInterface {
  name = 'Media1763900001500';

  async up(queryRunner: QueryRunner): Promise<void> {
    // organization_id has no foreign key: organizations live in another service; their deletion event removes the rows.
    await queryRunner.query(`
      CREATE TABLE "media" (
        "key" varchar(120) PRIMARY KEY,
        "organization_id" uuid NOT NULL,
        "mime" varchar(40) NOT NULL,
        "size" int NOT NULL CHECK ("size" >= 0),
        "duration_seconds" double precision,
        "source" varchar(12) NOT NULL CHECK ("source" IN ('upload', 'generated')),
        "created_by" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "media_organization" ON "media" ("organization_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "media"`);
  }
}
