import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BlogAndNewsletter1763700006100 implements MigrationInterface {
  name = 'BlogAndNewsletter1763700006100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "authors" (
        "user_id" uuid PRIMARY KEY,
        "username" varchar(100) NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE "blog_categories" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "name" varchar(200) NOT NULL,
        "slug" varchar(200) NOT NULL UNIQUE,
        "description" text,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "blog_posts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "title" varchar(300) NOT NULL,
        "slug" varchar(300) NOT NULL UNIQUE,
        "content" text NOT NULL,
        "excerpt" text,
        "featured_image" varchar(2000),
        "is_published" boolean NOT NULL DEFAULT false,
        "author_id" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "published_at" timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX "blog_posts_published" ON "blog_posts" ("published_at" DESC) WHERE "is_published"`);
    await queryRunner.query(`
      CREATE TABLE "blog_post_categories" (
        "post_id" uuid NOT NULL REFERENCES "blog_posts" ("id") ON DELETE CASCADE,
        "category_id" uuid NOT NULL REFERENCES "blog_categories" ("id") ON DELETE CASCADE,
        PRIMARY KEY ("post_id", "category_id")
      )`);
    await queryRunner.query(`CREATE INDEX "blog_post_categories_category" ON "blog_post_categories" ("category_id")`);
    await queryRunner.query(`
      CREATE TABLE "newsletters" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "subject" varchar(300) NOT NULL,
        "content" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "sent_at" timestamptz,
        "finished_at" timestamptz,
        "recipients_count" int NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`
      CREATE TABLE "newsletter_subscribers" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "email" varchar(320) NOT NULL UNIQUE,
        "is_active" boolean NOT NULL DEFAULT true,
        "user_id" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "unsubscribed_at" timestamptz
      )`);
    await queryRunner.query(`
      CREATE TABLE "newsletter_deliveries" (
        "id" uuid PRIMARY KEY,
        "newsletter_id" uuid NOT NULL REFERENCES "newsletters" ("id"),
        "subscriber_id" uuid REFERENCES "newsletter_subscribers" ("id") ON DELETE SET NULL,
        "email" varchar(320) NOT NULL,
        "event_id" uuid NOT NULL UNIQUE,
        "status" varchar(20) NOT NULL DEFAULT 'requested',
        "error" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "sent_at" timestamptz,
        "opened_at" timestamptz,
        "clicked_at" timestamptz,
        UNIQUE ("newsletter_id", "subscriber_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['newsletter_deliveries', 'newsletter_subscribers', 'newsletters', 'blog_post_categories', 'blog_posts', 'blog_categories', 'authors']) {
      await queryRunner.query(`DROP TABLE "${table}"`);
    }
  }
}
