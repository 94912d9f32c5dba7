import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Double opt-in: when the last confirmation mail went out, so a repeated signup does not flood the address. */
export class SubscriptionConfirmation1763700006300 implements MigrationInterface {
  name = 'SubscriptionConfirmation1763700006300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmation_sent_at" timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "newsletter_subscribers" DROP COLUMN "confirmation_sent_at"`);
  }
}
