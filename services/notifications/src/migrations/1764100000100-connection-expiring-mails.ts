import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A sixth kind of mail: the owner's warning that a connection which cannot be refreshed expires soon (issue 29 §9). */
export class ConnectionExpiringMails1764100000100 implements MigrationInterface {
  name = 'ConnectionExpiringMails1764100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "emails" DROP CONSTRAINT "emails_kind_check"`);
    await queryRunner.query(
      `ALTER TABLE "emails" ADD CONSTRAINT "emails_kind_check" CHECK ("kind" IN ('verification', 'password_reset', 'account_deleted', 'newsletter', 'newsletter_confirmation', 'connection_expiring'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "emails" WHERE "kind" = 'connection_expiring'`);
    await queryRunner.query(`ALTER TABLE "emails" DROP CONSTRAINT "emails_kind_check"`);
    await queryRunner.query(
      `ALTER TABLE "emails" ADD CONSTRAINT "emails_kind_check" CHECK ("kind" IN ('verification', 'password_reset', 'account_deleted', 'newsletter', 'newsletter_confirmation'))`,
    );
  }
}
