import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MembersAndOrganizations1763700001100 implements MigrationInterface {
  name = 'MembersAndOrganizations1763700001100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "members" (
        "user_id" uuid PRIMARY KEY,
        "role" varchar(20) NOT NULL,
        "email_verified" boolean NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "organizations" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "owner_id" uuid NOT NULL,
        "name" varchar(200) NOT NULL,
        "language" varchar(10) NOT NULL DEFAULT 'en-US',
        "default_before_post_review_time" int NOT NULL DEFAULT 60 CHECK ("default_before_post_review_time" BETWEEN 1 AND 43200),
        "is_active" boolean NOT NULL DEFAULT true,
        "deactivated_at" timestamptz,
        "deactivation_reason" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "organizations_owner" ON "organizations" ("owner_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "organizations"`);
    await queryRunner.query(`DROP TABLE "members"`);
  }
}
