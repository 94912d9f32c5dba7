import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The time of the last plan change applied to a user (issue 17): an older one arriving late is skipped. */
export class PlanChangedAt1763700000700 implements MigrationInterface {
  name = 'PlanChangedAt1763700000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "plan_changed_at" timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "plan_changed_at"`);
  }
}
