import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Publications over time" on the statistics pages: `published_at` is when a
 * post became published (the latest of its platforms' published outcomes, or
 * the moment of the change when it has none), null while it is not. A trigger
 * keeps it whatever sets the status (an outcome, an approval of a post already
 * out everywhere, a test's insert), so no code path can forget it. A post
 * deleted after publishing keeps it: it stays a publication (successful_publications).
 *
 * Two partial indexes hold only published posts: an organization's days read
 * (organization_id, published_at), everyone's days (the global statistics) published_at.
 */
export class PublishedAt1764500000300 implements MigrationInterface {
  name = 'PublishedAt1764500000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "posts" ADD "published_at" timestamptz`);
    await queryRunner.query(`
      CREATE FUNCTION "posts_published_at"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status <> 'published' THEN
          NEW.published_at := NULL;
        ELSIF TG_OP = 'INSERT' OR OLD.status <> 'published' THEN
          NEW.published_at := coalesce(
            (SELECT max((outcome->>'at')::timestamptz) FROM jsonb_each(NEW.publications) AS p(platform, outcome) WHERE outcome->>'status' = 'published'),
            now());
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER "posts_published_at" BEFORE INSERT OR UPDATE OF "status" ON "posts" FOR EACH ROW EXECUTE FUNCTION posts_published_at()`);
    // Posts published before this migration: their last published outcome, else their last change.
    await queryRunner.query(`
      UPDATE "posts" SET "published_at" = coalesce(
        (SELECT max((outcome->>'at')::timestamptz) FROM jsonb_each(publications) AS p(platform, outcome) WHERE outcome->>'status' = 'published'),
        updated_at)
       WHERE status = 'published'`);
    await queryRunner.query(`CREATE INDEX "posts_published_by_organization" ON "posts" ("organization_id", "published_at") WHERE "published_at" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "posts_published" ON "posts" ("published_at") WHERE "published_at" IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "posts_published"`);
    await queryRunner.query(`DROP INDEX "posts_published_by_organization"`);
    await queryRunner.query(`DROP TRIGGER "posts_published_at" ON "posts"`);
    await queryRunner.query(`DROP FUNCTION "posts_published_at"()`);
    await queryRunner.query(`ALTER TABLE "posts" DROP COLUMN "published_at"`);
  }
}
