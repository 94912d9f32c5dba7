import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Emails1763700000100 implements MigrationInterface {
  name = 'Emails1763700000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "emails" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "kind" varchar(30) NOT NULL CHECK ("kind" IN ('verification', 'password_reset', 'account_deleted', 'newsletter')),
        "recipient" text NOT NULL,
        "subject" text NOT NULL,
        "html" text,
        "text" text,
        "headers" jsonb NOT NULL DEFAULT '{}',
        "event_id" uuid NOT NULL,
        "delivery_id" uuid,
        "status" varchar(20) NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'sending', 'sent', 'failed')),
        "attempts" int NOT NULL DEFAULT 0,
        "last_error" text,
        "permanent" boolean NOT NULL DEFAULT false,
        "message_id" varchar(500),
        "enqueued_at" timestamptz,
        "claimed_at" timestamptz,
        "sent_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "emails_delivery" ON "emails" ("delivery_id") WHERE "delivery_id" IS NOT NULL`);
    // The dispatcher's work: mails not yet handed to the queue, or handed long ago and still open.
    await queryRunner.query(`CREATE INDEX "emails_open" ON "emails" ("created_at") WHERE "status" IN ('pending', 'sending')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "emails"`);
  }
}
