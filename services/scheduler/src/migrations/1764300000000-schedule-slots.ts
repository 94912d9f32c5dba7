import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Slot opening (issue 16): one row per schedule and slot, written when the
 * slot's post is asked for (opened) or when the slot passed before it could
 * be (skipped). The key makes each slot open once, whichever process gets
 * there first. A schedule also keeps who created it: its posts are theirs.
 */
export class ScheduleSlots1764300000000 implements MigrationInterface {
  name = 'ScheduleSlots1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auto_schedules" ADD "created_by" uuid`);
    await queryRunner.query(`
      CREATE TABLE "schedule_slots" (
        "auto_schedule_id" uuid NOT NULL REFERENCES "auto_schedules" ("id") ON DELETE CASCADE,
        "slot_at" timestamptz NOT NULL,
        "state" varchar(10) NOT NULL CHECK ("state" IN ('opened', 'skipped')),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("auto_schedule_id", "slot_at")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "schedule_slots"`);
    await queryRunner.query(`ALTER TABLE "auto_schedules" DROP COLUMN "created_by"`);
  }
}
