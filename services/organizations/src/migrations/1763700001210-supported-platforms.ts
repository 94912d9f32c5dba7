import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The eight platforms the product connects to (part 1 §1, part 2 §1), with the media types each can carry. */
const SEED: ReadonlyArray<[name: string, mediaTypes: string]> = [
  ['X', 'text,image,video,carousel'],
  ['Facebook', 'text,image,video,carousel,short,story'],
  ['Instagram', 'image,video,carousel,short,story'],
  ['Threads', 'text,image,video,carousel'],
  ['LinkedIn', 'text,image,video,carousel'],
  ['TikTok', 'video,short,image,carousel'],
  ['Telegram', 'text,image,video,carousel'],
  ['YouTube', 'video,short'],
];

export class SupportedPlatforms1763700001210 implements MigrationInterface {
  name = 'SupportedPlatforms1763700001210';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "supported_platforms" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "name" varchar(50) NOT NULL CHECK ("name" ~ '^[A-Za-z0-9_]+$'),
        "media_types" varchar(100) NOT NULL,
        "default_daily_limit" int NOT NULL DEFAULT 10 CHECK ("default_daily_limit" >= 1),
        "is_active" boolean NOT NULL DEFAULT true,
        "other_credentials" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "supported_platforms_name" ON "supported_platforms" (lower("name"))`);
    for (const [name, mediaTypes] of SEED) {
      await queryRunner.query(`INSERT INTO "supported_platforms" ("name", "media_types") VALUES ($1, $2)`, [name, mediaTypes]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "supported_platforms"`);
  }
}
