import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Statistics read counters instead of the posts (issue 15: an organization's
 * statistics under 50 ms with 20,000 posts). post_counts holds, per
 * organization, the groups the statistics count (status, platform list,
 * deleted, with media) and how many posts each holds; groups of no post have
 * no row. Triggers on posts keep it exact in the writer's own transaction.
 *
 * The triggers are per statement, over the statement's changed rows: an
 * organization's deletion removes its thousands of posts with one update per
 * group, and an update that changes no counted column writes nothing. Each
 * statement touches its groups in key order, so two transactions moving posts
 * between the same groups in opposite directions wait for each other instead
 * of deadlocking. Increments are upserts; a decrement to 0 deletes the row.
 */
export class PostCounts1764100000000 implements MigrationInterface {
  name = 'PostCounts1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "post_counts" (
        "organization_id" uuid NOT NULL,
        "status" varchar(20) NOT NULL,
        "platforms" text[] NOT NULL,
        "deleted" boolean NOT NULL,
        "with_media" boolean NOT NULL,
        "posts" int NOT NULL,
        PRIMARY KEY ("organization_id", "status", "platforms", "deleted", "with_media")
      )`);
    await queryRunner.query(`
      CREATE FUNCTION "post_counts_follow"() RETURNS trigger LANGUAGE plpgsql
      -- The service's schema whoever writes to posts: the table and row type below are named without it.
      SET search_path FROM CURRENT AS $$
      DECLARE
        leaving post_counts[] := '{}';
        arriving post_counts[] := '{}';
        change post_counts;
        remaining int;
      BEGIN
        -- Transition tables exist only for the operations that have them: old_rows for update and delete, new_rows for insert and update.
        IF TG_OP <> 'INSERT' THEN
          SELECT coalesce(array_agg(ROW(organization_id, status, platforms, deleted, with_media, -posts)::post_counts), '{}') INTO leaving
            FROM (SELECT organization_id, status, platforms, deleted_at IS NOT NULL AS deleted, media_type <> 'text' AS with_media, count(*)::int AS posts
                    FROM old_rows GROUP BY 1, 2, 3, 4, 5) AS groups;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          SELECT coalesce(array_agg(ROW(organization_id, status, platforms, deleted, with_media, posts)::post_counts), '{}') INTO arriving
            FROM (SELECT organization_id, status, platforms, deleted_at IS NOT NULL AS deleted, media_type <> 'text' AS with_media, count(*)::int AS posts
                    FROM new_rows GROUP BY 1, 2, 3, 4, 5) AS groups;
        END IF;
        FOR change IN
          SELECT organization_id, status, platforms, deleted, with_media, sum(posts)::int
            FROM unnest(leaving || arriving)
           GROUP BY 1, 2, 3, 4, 5 HAVING sum(posts) <> 0
           ORDER BY 1, 2, 3, 4, 5
        LOOP
          IF change.posts > 0 THEN
            INSERT INTO post_counts VALUES (change.*)
              ON CONFLICT (organization_id, status, platforms, deleted, with_media) DO UPDATE SET posts = post_counts.posts + excluded.posts;
          ELSE
            UPDATE post_counts SET posts = posts + change.posts
             WHERE (organization_id, status, platforms, deleted, with_media) = (change.organization_id, change.status, change.platforms, change.deleted, change.with_media)
            RETURNING posts INTO remaining;
            IF remaining = 0 THEN
              DELETE FROM post_counts
               WHERE (organization_id, status, platforms, deleted, with_media) = (change.organization_id, change.status, change.platforms, change.deleted, change.with_media);
            END IF;
          END IF;
        END LOOP;
        RETURN NULL;
      END $$`);
    // Transition tables allow one event per trigger.
    await queryRunner.query(
      `CREATE TRIGGER "post_counts_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION post_counts_follow()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "post_counts_update" AFTER UPDATE ON "posts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION post_counts_follow()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "post_counts_delete" AFTER DELETE ON "posts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION post_counts_follow()`,
    );
    // CREATE TRIGGER holds off writes to posts until this migration commits, so the count below misses none.
    await queryRunner.query(`
      INSERT INTO "post_counts"
      SELECT organization_id, status, platforms, deleted_at IS NOT NULL, media_type <> 'text', count(*)
        FROM "posts" GROUP BY 1, 2, 3, 4, 5`);
    // Statistics no longer read the posts; this index only slowed their writes.
    await queryRunner.query(`DROP INDEX "posts_statistics"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "posts_statistics" ON "posts" ("organization_id") INCLUDE ("status", "media_type", "deleted_at", "platforms")`);
    await queryRunner.query(`DROP TRIGGER "post_counts_delete" ON "posts"`);
    await queryRunner.query(`DROP TRIGGER "post_counts_update" ON "posts"`);
    await queryRunner.query(`DROP TRIGGER "post_counts_insert" ON "posts"`);
    await queryRunner.query(`DROP FUNCTION "post_counts_follow"()`);
    await queryRunner.query(`DROP TABLE "post_counts"`);
  }
}
