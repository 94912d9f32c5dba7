import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 36: /organization/results pages through an organization's generations newest first. */
export class GenerationsOrder1764600003600 implements MigrationInterface {
  name = 'GenerationsOrder1764600003600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "generation_drafts_organization_newest" ON "generation_drafts" ("organization_id", "created_at" DESC, "id" DESC)`);
    // The new index leads with organization_id: it serves the lookups the old one did.
    await queryRunner.query(`DROP INDEX "generation_drafts_organization"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "generation_drafts_organization" ON "generation_drafts" ("organization_id")`);
    await queryRunner.query(`DROP INDEX "generation_drafts_organization_newest"`);
  }
}
