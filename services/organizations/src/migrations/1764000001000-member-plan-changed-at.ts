import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The time of the last plan change applied to a member (issue 17): an older one arriving late is skipped. */
export class MemberPlanChangedAt1764000001000 implements MigrationInterface {
  name = 'MemberPlanChangedAt1764000001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "members" ADD COLUMN "plan_changed_at" timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "members" DROP COLUMN "plan_changed_at"`);
  }
}
