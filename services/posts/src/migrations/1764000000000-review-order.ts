import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The review list's order (GET /posts): newest scheduled first, a post without
 * a scheduled time by its creation time, i.e. one sort key
 * COALESCE(scheduled_time, created_at). posts_review_list sorted by the two
 * columns apart and could not serve it; these serve a page of one status and
 * of all statuses without sorting the organization's posts.
 */
export class ReviewOrder1764000000000 implements MigrationInterface {
  name = 'ReviewOrder1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "posts_review_list"`);
    await queryRunner.query(
      `CREATE INDEX "posts_review_order" ON "posts" ("organization_id", "status", (COALESCE("scheduled_time", "created_at")) DESC, "id" DESC) WHERE "deleted_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "posts_review_order_all" ON "posts" ("organization_id", (COALESCE("scheduled_time", "created_at")) DESC, "id" DESC) WHERE "deleted_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "posts_review_order_all"`);
    await queryRunner.query(`DROP INDEX "posts_review_order"`);
    await queryRunner.query(
      `CREATE INDEX "posts_review_list" ON "posts" ("organization_id", "status", "scheduled_time" DESC NULLS FIRST, "created_at" DESC) WHERE "deleted_at" IS NULL`,
    );
  }
}
