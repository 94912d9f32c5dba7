import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A fifth kind of mail: the confirmation of a newsletter signup (double opt-in). */
export class NewsletterConfirmationMails1763700000300 implements MigrationInterface {
  name = 'NewsletterConfirmationMails1763700000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "emails" DROP CONSTRAINT "emails_kind_check"`);
    await queryRunner.query(
      `ALTER TABLE "emails" ADD CONSTRAINT "emails_kind_check" CHECK ("kind" IN ('verification', 'password_reset', 'account_deleted', 'newsletter', 'newsletter_confirmation'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "emails" WHERE "kind" = 'newsletter_confirmation'`);
    await queryRunner.query(`ALTER TABLE "emails" DROP CONSTRAINT "emails_kind_check"`);
    await queryRunner.query(`ALTER TABLE "emails" ADD CONSTRAINT "emails_kind_check" CHECK ("kind" IN ('verification', 'password_reset', 'account_deleted', 'newsletter'))`);
  }
}
