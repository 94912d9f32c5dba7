import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * other_credentials becomes an AES-256-GCM ciphertext (secrets are encrypted at rest). SQL cannot encrypt,
 * so values stored in plain JSON before this are dropped: the seeded platforms have none, and an admin sets them again.
 */
export class PlatformCredentialsSealed1763700001220 implements MigrationInterface {
  name = 'PlatformCredentialsSealed1763700001220';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "supported_platforms" ALTER COLUMN "other_credentials" TYPE text USING NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "supported_platforms" ALTER COLUMN "other_credentials" TYPE jsonb USING NULL`);
  }
}
