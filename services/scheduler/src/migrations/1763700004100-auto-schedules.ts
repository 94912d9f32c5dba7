import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AutoSchedules1763700004100 implements MigrationInterface {
  name = 'AutoSchedules1763700004100';

  async up(queryRunner: QueryRunner): Promise<void> {
    // organization_id has no foreign key: organizations live in another service; their deletion event removes the rows.
    // A schedule is one-off (specific_date) or recurring (day_of_week and time_of_day), never both (part 2 §4).
    await queryRunner.query(`
      CREATE TABLE "auto_schedules" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "organization_id" uuid NOT NULL,
        "name" varchar(200) NOT NULL,
        "platforms" text[] NOT NULL DEFAULT '{}',
        "specific_media_type" varchar(20) NOT NULL DEFAULT 'text' CHECK ("specific_media_type" IN ('text', 'image', 'video', 'carousel', 'short', 'story')),
        "active" boolean NOT NULL DEFAULT true,
        "specific_date" timestamptz,
        "day_of_week" varchar(10) CHECK ("day_of_week" IN ('sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday')),
        "time_of_day" varchar(5) CHECK ("time_of_day" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        "specific_content" text,
        "specific_media" text[] NOT NULL DEFAULT '{}',
        "review_post_before_publishing" boolean NOT NULL DEFAULT true,
        "specific_before_post_review_time" int CHECK ("specific_before_post_review_time" BETWEEN 1 AND 43200),
        "post_approved" boolean NOT NULL DEFAULT false,
        "business_name" text,
        "business_data" text,
        "character_limit" int CHECK ("character_limit" BETWEEN 1 AND 5000),
        "target_character_count" int CHECK ("target_character_count" BETWEEN 1 AND 5000),
        "content_type" varchar(30) NOT NULL DEFAULT 'general',
        "topic" text,
        "context" text,
        "time_of_year" text,
        "event_details" text,
        "tone" varchar(30),
        "mood" varchar(30),
        "language" varchar(10),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "auto_schedules_when" CHECK (
          ("specific_date" IS NOT NULL AND "day_of_week" IS NULL AND "time_of_day" IS NULL)
          OR ("specific_date" IS NULL AND "day_of_week" IS NOT NULL AND "time_of_day" IS NOT NULL)
        )
      )`);
    await queryRunner.query(`CREATE INDEX "auto_schedules_organization" ON "auto_schedules" ("organization_id", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auto_schedules"`);
  }
}
