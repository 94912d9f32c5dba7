import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Connections1763700001300 implements MigrationInterface {
  name = 'Connections1763700001300';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Tokens are AES-256-GCM ciphertexts (v1.<iv>.<tag>.<data>); a row goes with its organization.
    await queryRunner.query(`
      CREATE TABLE "connections" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "organization_id" uuid NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
        "platform" varchar(20) NOT NULL,
        "status" varchar(20) NOT NULL DEFAULT 'connected' CHECK ("status" IN ('connected', 'expired')),
        "sandbox" boolean NOT NULL DEFAULT false,
        "access_token" text,
        "refresh_token" text,
        "page_access_token" text,
        "expires_at" timestamptz,
        "scopes" text NOT NULL DEFAULT '',
        "specific_data" jsonb NOT NULL DEFAULT '{}',
        "url" text,
        "connected_by" uuid NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "connections_one_per_platform" UNIQUE ("organization_id", "platform")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "connections"`);
  }
}
