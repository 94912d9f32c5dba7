import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SubscriptionReadModel1763700000500 implements MigrationInterface {
  name = 'SubscriptionReadModel1763700000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "plan_type" varchar(20), ADD COLUMN "subscription_status" varchar(20)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "plan_type", DROP COLUMN "subscription_status"`);
  }
}
