import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DeletedAccounts1763700000300 implements MigrationInterface {
  name = 'DeletedAccounts1763700000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "deleted_accounts" (
        "email_hash" varchar(64) PRIMARY KEY,
        "deleted_at" timestamptz NOT NULL,
        "hold_until" timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "deleted_accounts"`);
  }
}
