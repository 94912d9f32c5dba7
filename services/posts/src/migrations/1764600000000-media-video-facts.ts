import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A video's picture size (as shown, after its container's turn) and frame
 * rate, read from its container when stored like its duration: the platforms'
 * rules (a YouTube Short is vertical or square, X takes at most 60 frames a
 * second) are checked when a post is scheduled, not refused after upload.
 * Null for images, for media stored before this, and where the container does not say.
 */
export class MediaVideoFacts1764600000000 implements MigrationInterface {
  name = 'MediaVideoFacts1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media" ADD "width" integer, ADD "height" integer, ADD "frame_rate" double precision`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media" DROP COLUMN "frame_rate", DROP COLUMN "height", DROP COLUMN "width"`);
  }
}
