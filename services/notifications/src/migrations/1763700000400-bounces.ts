import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Bounce reports that came back after sending (DSNs), and the status of a sent mail that bounced. */
export class Bounces1763700000400 implements MigrationInterface {
  name = 'Bounces1763700000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "emails" DROP CONSTRAINT "emails_status_check"`);
    await queryRunner.query(`ALTER TABLE "emails" ADD CONSTRAINT "emails_status_check" CHECK ("status" IN ('pending', 'sending', 'sent', 'failed', 'bounced'))`);
    await queryRunner.query(`
      CREATE TABLE "email_bounces" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "email_id" uuid NOT NULL REFERENCES "emails" ("id") ON DELETE CASCADE,
        "status" varchar(20) NOT NULL,
        "permanent" boolean NOT NULL,
        "action" varchar(20),
        "recipient" text,
        "diagnostic" text,
        "received_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "email_bounces_email" ON "email_bounces" ("email_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "email_bounces"`);
    await queryRunner.query(`UPDATE "emails" SET "status" = 'failed' WHERE "status" = 'bounced'`);
    await queryRunner.query(`ALTER TABLE "emails" DROP CONSTRAINT "emails_status_check"`);
    await queryRunner.query(`ALTER TABLE "emails" ADD CONSTRAINT "emails_status_check" CHECK ("status" IN ('pending', 'sending', 'sent', 'failed'))`);
  }
}
