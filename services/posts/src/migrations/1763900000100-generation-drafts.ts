import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 15: each generation's posts and original request, for the post form and Regenerate. */
export class GenerationDrafts1763900000100 implements MigrationInterface {
  name = 'GenerationDrafts1763900000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    // organization_id has no foreign key: organizations live in another service; their deletion event removes the rows.
    await queryRunner.query(`
      CREATE TABLE "generation_drafts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "organization_id" uuid NOT NULL,
        "created_by" uuid NOT NULL,
        "request" jsonb NOT NULL,
        "posts" jsonb NOT NULL,
        "sandbox" boolean NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "generation_drafts_organization" ON "generation_drafts" ("organization_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "generation_drafts"`);
  }
}
