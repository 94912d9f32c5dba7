import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An organization's IANA time zone (issue 15): the day of quotas, schedule slots and calendar days; UTC until the owner sets one. */
export class OrganizationTimezone1763900001000 implements MigrationInterface {
  name = 'OrganizationTimezone1763900001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "organizations" ADD COLUMN "timezone" varchar NOT NULL DEFAULT 'UTC'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "organizations" DROP COLUMN "timezone"`);
  }
}
