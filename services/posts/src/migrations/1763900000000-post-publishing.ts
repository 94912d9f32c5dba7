import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 15: the failed state, versions, per-platform outcomes and the original generation request. */
export class PostPublishing1763900000000 implements MigrationInterface {
  name = 'PostPublishing1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "posts" DROP CONSTRAINT IF EXISTS "posts_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "posts" ADD CONSTRAINT "posts_status_check" CHECK ("status" IN ('pending_review', 'approved', 'rejected', 'published', 'failed'))`,
    );
    await queryRunner.query(`
      ALTER TABLE "posts"
        ADD COLUMN "version" int NOT NULL DEFAULT 1,
        ADD COLUMN "publications" jsonb NOT NULL DEFAULT '{}',
        ADD COLUMN "original_request" jsonb,
        ADD COLUMN "created_by" uuid`);
    // The review list: an organization's posts of one status, newest scheduled first (part 2 §4, issue 15).
    await queryRunner.query(
      `CREATE INDEX "posts_review_list" ON "posts" ("organization_id", "status", "scheduled_time" DESC NULLS FIRST, "created_at" DESC) WHERE "deleted_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "posts_review_list"`);
    await queryRunner.query(`ALTER TABLE "posts" DROP COLUMN "version", DROP COLUMN "publications", DROP COLUMN "original_request", DROP COLUMN "created_by"`);
    await queryRunner.query(`ALTER TABLE "posts" DROP CONSTRAINT "posts_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "posts" ADD CONSTRAINT "posts_status_check" CHECK ("status" IN ('pending_review', 'approved', 'rejected', 'published'))`,
    );
  }
}
