import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763700000100 implements MigrationInterface {
  name = 'CreateUsers1763700000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "users" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "username" varchar(30) NOT NULL,
        "email" varchar(254) NOT NULL,
        "password_hash" varchar,
        "role" varchar(20) NOT NULL DEFAULT 'basic',
        "email_verified" boolean NOT NULL DEFAULT false,
        "newsletter_subscribed" boolean NOT NULL DEFAULT false,
        "can_use_generator" boolean NOT NULL DEFAULT false,
        "can_use_calendar" boolean NOT NULL DEFAULT false,
        "can_use_auto_post" boolean NOT NULL DEFAULT false,
        "can_use_post_review" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "last_login" timestamptz,
        CONSTRAINT "users_role_known" CHECK ("role" IN ('test','basic','starter','pro','advanced','admin','superadmin'))
      )`);
    // Case-insensitive uniqueness: 'Ann@x.io' and 'ann@x.io' are one account.
    await queryRunner.query(`CREATE UNIQUE INDEX "users_email_unique" ON "users" (lower("email"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_username_unique" ON "users" (lower("username"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
