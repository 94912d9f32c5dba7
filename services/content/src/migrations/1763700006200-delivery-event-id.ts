import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A delivery's event id is the delivery's own id now: the separate column is redundant. */
export class DeliveryEventId1763700006200 implements MigrationInterface {
  name = 'DeliveryEventId1763700006200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "newsletter_deliveries" DROP COLUMN "event_id"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Rows written since carry their event under their own id.
    await queryRunner.query(`ALTER TABLE "newsletter_deliveries" ADD COLUMN "event_id" uuid`);
    await queryRunner.query(`UPDATE "newsletter_deliveries" SET "event_id" = "id"`);
    await queryRunner.query(`ALTER TABLE "newsletter_deliveries" ALTER COLUMN "event_id" SET NOT NULL, ADD UNIQUE ("event_id")`);
  }
}
