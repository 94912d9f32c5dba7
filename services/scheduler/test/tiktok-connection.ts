import { createCipheriv, randomBytes } from 'node:crypto';
import type { PublishingHarness } from './publishing-harness.js';

/** The organizations process's CONNECTION_TOKEN_KEY in these tests (32 bytes, base64). */
export const CONNECTION_TOKEN_KEY = randomBytes(32).toString('base64');

/** A token sealed as organizations stores it (AES-256-GCM, `v1.<iv>.<tag>.<ciphertext>`, its token-cipher.ts). */
function sealed(token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(CONNECTION_TOKEN_KEY, 'base64'), iv);
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** A real TikTok connection of the organization with this access token (never expiring here, so never refreshed). */
export async function addTikTokConnection(h: PublishingHarness, organizationId: string, accessToken: string): Promise<void> {
  await h.ctx.dataSource.query(
    `INSERT INTO ${h.table('organizations', 'connections')} (organization_id, platform, sandbox, access_token, specific_data, connected_by) VALUES ($1, 'tiktok', false, $2, $3, gen_random_uuid())`,
    [organizationId, sealed(accessToken), { username: 'planner.bakery', open_id: 'open-id-1' }],
  );
}
