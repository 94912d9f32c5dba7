import type { MigrationInterface, QueryRunner } from 'typeorm';

export class GoogleAccounts1763700000600 implements MigrationInterface {
  name = 'GoogleAccounts1763700000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "google_id" varchar(255)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_google_id_unique" ON "users" ("google_id") WHERE "google_id" IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "google_id"`);
  }
}
