import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The last warning sent to the owner before a connection that cannot be refreshed runs out (issue 29 §9): '7_days',
 * then '1_day'; null until one is sent and again after a reconnect or refresh gives the connection a new expiry.
 */
export class ConnectionExpiryWarning1764100001000 implements MigrationInterface {
  name = 'ConnectionExpiryWarning1764100001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "connections" ADD COLUMN "expiry_warning" varchar(10) CHECK ("expiry_warning" IN ('7_days', '1_day'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "connections" DROP COLUMN "expiry_warning"`);
  }
}
