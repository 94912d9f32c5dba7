import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Posts1763700003100 implements MigrationInterface {
  name = 'Posts1763700003100';

  async up(queryRunner: QueryRunner): Promise<void> {
    // organization_id has no foreign key: organizations live in another service; their deletion event removes the rows.
    await queryRunner.query(`
      CREATE TABLE "posts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "organization_id" uuid NOT NULL,
        "status" varchar(20) NOT NULL DEFAULT 'pending_review' CHECK ("status" IN ('pending_review', 'approved', 'rejected', 'published')),
        "scheduled_time" timestamptz,
        "platforms" text[] NOT NULL DEFAULT '{}',
        "media_type" varchar(20) NOT NULL DEFAULT 'text' CHECK ("media_type" IN ('text', 'image', 'video', 'carousel', 'short', 'story')),
        "media_paths" text[] NOT NULL DEFAULT '{}',
        "content" text NOT NULL DEFAULT '',
        "review_notes" text,
        "auto_schedule_id" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "deleted_at" timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX "posts_organization" ON "posts" ("organization_id", "scheduled_time")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "posts"`);
  }
}
