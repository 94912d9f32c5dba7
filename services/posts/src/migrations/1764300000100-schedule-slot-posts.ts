import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Posts of auto-schedule slots (issue 16): `schedule_slot` is the slot a post
 * was made for (it follows the schedule's timing changes; the post's own
 * scheduled_time may be edited apart from it). One post per schedule and
 * slot, whatever happens to an event; nulls (posts no slot made) never
 * collide. The index also finds a schedule's posts.
 */
export class ScheduleSlotPosts1764300000100 implements MigrationInterface {
  name = 'ScheduleSlotPosts1764300000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "posts" ADD "schedule_slot" timestamptz`);
    await queryRunner.query(`CREATE UNIQUE INDEX "posts_schedule_slot" ON "posts" ("auto_schedule_id", "schedule_slot")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "posts_schedule_slot"`);
    await queryRunner.query(`ALTER TABLE "posts" DROP COLUMN "schedule_slot"`);
  }
}
