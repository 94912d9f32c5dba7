import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Templates1763700001200 implements MigrationInterface {
  name = 'Templates1763700001200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "templates" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "organization_id" uuid NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
        "template_name" varchar(200) NOT NULL,
        "is_default" boolean NOT NULL DEFAULT false,
        "data" text NOT NULL DEFAULT '',
        "content_type" varchar(30) NOT NULL DEFAULT 'general',
        "topic" text,
        "context" text,
        "time_of_year" text,
        "event_details" text,
        "tone" varchar(30),
        "mood" varchar(30),
        "language" varchar(10),
        "character_limit" int CHECK ("character_limit" BETWEEN 1 AND 5000),
        "target_character_count" int CHECK ("target_character_count" BETWEEN 1 AND 5000),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // Names are unique per organization regardless of case; at most one default each.
    await queryRunner.query(`CREATE UNIQUE INDEX "templates_name" ON "templates" ("organization_id", lower("template_name"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "templates_default" ON "templates" ("organization_id") WHERE "is_default"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "templates"`);
  }
}
