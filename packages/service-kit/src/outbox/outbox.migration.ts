import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The outbox and inbox every service has in its own schema. */
export class CreateOutboxAndInbox1763700000000 implements MigrationInterface {
  name = 'CreateOutboxAndInbox1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "outbox" (
        "id" uuid PRIMARY KEY,
        "subject" varchar(200) NOT NULL,
        "envelope" jsonb NOT NULL,
        "headers" jsonb NOT NULL DEFAULT '{}',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "published_at" timestamptz,
        "attempts" int NOT NULL DEFAULT 0,
        "last_error" text
      )`);
    await queryRunner.query(`CREATE INDEX "outbox_unpublished" ON "outbox" ("created_at") WHERE "published_at" IS NULL`);
    await queryRunner.query(`
      CREATE TABLE "inbox" (
        "consumer" varchar(200) NOT NULL,
        "event_id" uuid NOT NULL,
        "subject" varchar(200) NOT NULL,
        "handled_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("consumer", "event_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "inbox"`);
    await queryRunner.query(`DROP TABLE "outbox"`);
  }
}
