import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OneTimeTokens1763700000400 implements MigrationInterface {
  name = 'OneTimeTokens1763700000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "one_time_tokens" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "purpose" varchar(20) NOT NULL CHECK ("purpose" IN ('verify_email', 'reset_password')),
        "token_hash" varchar(64) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "one_time_tokens_hash" ON "one_time_tokens" ("token_hash")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "one_time_tokens"`);
  }
}
