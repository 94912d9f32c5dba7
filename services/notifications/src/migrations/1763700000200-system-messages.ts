import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SystemMessages1763700000200 implements MigrationInterface {
  name = 'SystemMessages1763700000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "system_messages" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "type" varchar(10) NOT NULL DEFAULT 'info' CHECK ("type" IN ('info', 'warning', 'error', 'success')),
        "message" text NOT NULL,
        "duration" int NOT NULL DEFAULT 5000 CHECK ("duration" >= 0),
        "is_active" boolean NOT NULL DEFAULT true,
        "created_by" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "system_messages"`);
  }
}
