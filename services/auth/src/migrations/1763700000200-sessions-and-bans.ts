import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SessionsAndBans1763700000200 implements MigrationInterface {
  name = 'SessionsAndBans1763700000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "users"
        ADD COLUMN "is_banned" boolean NOT NULL DEFAULT false,
        ADD COLUMN "ban_reason" text,
        ADD COLUMN "banned_at" timestamptz,
        ADD COLUMN "ban_expires_at" timestamptz`);
    await queryRunner.query(`
      CREATE TABLE "refresh_tokens" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "family_id" uuid NOT NULL,
        "token_hash" varchar(64) NOT NULL,
        "stay_logged_in" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "revoked_at" timestamptz
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "refresh_tokens_hash" ON "refresh_tokens" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "refresh_tokens_family" ON "refresh_tokens" ("family_id")`);
    await queryRunner.query(`CREATE INDEX "refresh_tokens_user" ON "refresh_tokens" ("user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "refresh_tokens"`);
    await queryRunner.query(`
      ALTER TABLE "users" DROP COLUMN "is_banned", DROP COLUMN "ban_reason", DROP COLUMN "banned_at", DROP COLUMN "ban_expires_at"`);
  }
}
