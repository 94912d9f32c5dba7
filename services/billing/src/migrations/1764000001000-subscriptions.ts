import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Subscriptions1764000001000 implements MigrationInterface {
  name = 'Subscriptions1764000001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "subscriptions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL UNIQUE,
        "source" varchar(10) NOT NULL CHECK ("source" IN ('stripe', 'sandbox', 'admin')),
        "stripe_customer_id" varchar(255),
        "stripe_subscription_id" varchar(255) UNIQUE,
        "plan_type" varchar(20) NOT NULL CHECK ("plan_type" IN ('basic', 'starter', 'pro', 'advanced')),
        "status" varchar(20) NOT NULL CHECK ("status" IN ('active', 'canceled', 'past_due')),
        "current_period_start" timestamptz,
        "current_period_end" timestamptz,
        "cancel_at_period_end" boolean NOT NULL DEFAULT false,
        "amount_cents" int NOT NULL,
        "state_at" timestamptz NOT NULL,
        "announced_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "subscriptions_customer" ON "subscriptions" ("stripe_customer_id")`);
    // The expiry sweep's rows: ending at their period's end and not yet canceled.
    await queryRunner.query(`CREATE INDEX "subscriptions_ending" ON "subscriptions" ("current_period_end") WHERE "cancel_at_period_end" AND "status" <> 'canceled'`);
    await queryRunner.query(`
      CREATE TABLE "checkout_sessions" (
        "id" varchar(255) PRIMARY KEY,
        "user_id" uuid NOT NULL,
        "plan_type" varchar(20) NOT NULL,
        "status" varchar(10) NOT NULL CHECK ("status" IN ('open', 'complete', 'canceled')),
        "sandbox" boolean NOT NULL,
        "success_url" text NOT NULL,
        "cancel_url" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "completed_at" timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX "checkout_sessions_user" ON "checkout_sessions" ("user_id")`);
    await queryRunner.query(`
      CREATE TABLE "stripe_events" (
        "id" varchar(255) PRIMARY KEY,
        "type" varchar(100) NOT NULL,
        "created_at" timestamptz NOT NULL,
        "handled_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "stripe_events"`);
    await queryRunner.query(`DROP TABLE "checkout_sessions"`);
    await queryRunner.query(`DROP TABLE "subscriptions"`);
  }
}
