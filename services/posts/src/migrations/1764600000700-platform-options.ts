import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A post's per-platform choices (TikTok's privacy level and toggles,
 * YouTube's visibility). Posts made before have none: the scheduler publishes
 * them to YouTube as public, as before, and refuses them on TikTok until the
 * user chooses (docs/decisions/posts-generation-media-publishing.md).
 */
export class PlatformOptions1764600000700 implements MigrationInterface {
  name = 'PlatformOptions1764600000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "posts" ADD "platform_options" jsonb NOT NULL DEFAULT '{}'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "posts" DROP COLUMN "platform_options"`);
  }
}
