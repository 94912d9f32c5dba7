import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionCredentials } from '@planner/contracts';
import { resealStoredTokens } from '../src/commands/reseal-tokens.js';
import { decryptToken, encryptToken, TokenCipherError } from '../src/domain/connections/token-cipher.js';
import { Connection } from '../src/entities/connection.entity.js';
import { SupportedPlatform } from '../src/entities/supported-platform.entity.js';
import { startConnectionsHarness, type ConnectionsHarness } from './oauth-harness.js';

// CONNECTION_TOKEN_KEY rotated: the new key seals, the previous one still opens what it sealed until the service seals it again.
const previousKey = randomBytes(32);
const currentKey = randomBytes(32);
let h: ConnectionsHarness;

beforeAll(async () => {
  h = await startConnectionsHarness({ CONNECTION_TOKEN_KEY: currentKey.toString('base64'), CONNECTION_TOKEN_PREVIOUS_KEYS: previousKey.toString('base64') });
});

afterAll(async () => {
  await h?.close();
});

describe('connection token key rotation', () => {
  it('opens tokens sealed with the previous key, then seals them again with the current one, leaving current ones alone', async () => {
    const token = await h.ctx.keys.sign({ sub: randomUUID(), role: 'advanced', email_verified: true });
    const organizationId = (await h.send('POST', '/organizations', { token, payload: { name: 'Rotating Brand' } })).json().id as string;
    const connections = h.ctx.dataSource.getRepository(Connection);
    const sealedBefore = encryptToken(previousKey, 'old-access-token');
    const alreadyCurrent = encryptToken(currentKey, 'current-refresh-token');
    const { id } = await connections.save(
      connections.create({ organizationId, platform: 'x', sandbox: false, accessToken: sealedBefore, refreshToken: alreadyCurrent, connectedBy: randomUUID(), specificData: { username: 'brand' } }),
    );
    const platforms = h.ctx.dataSource.getRepository(SupportedPlatform);
    const platform = await platforms.save(platforms.create({ name: `Rotating_${id.slice(0, 8)}`, mediaTypes: 'image', otherCredentials: encryptToken(previousKey, '{"api":"secret"}') }));

    const credentials = () => h.ctx.bus.request<ConnectionCredentials>('organizations.connection.credentials', { organization_id: organizationId, platform: 'x' });
    expect((await credentials()).access_token).toBe('old-access-token');

    expect(await resealStoredTokens(h.ctx)).toBe(2);
    const row = await connections.findOneByOrFail({ id });
    expect(decryptToken(currentKey, row.accessToken!)).toBe('old-access-token');
    expect(() => decryptToken(previousKey, row.accessToken!)).toThrow(TokenCipherError);
    expect(row.refreshToken).toBe(alreadyCurrent);
    expect(decryptToken(currentKey, (await platforms.findOneByOrFail({ id: platform.id })).otherCredentials!)).toBe('{"api":"secret"}');
    expect((await credentials()).access_token).toBe('old-access-token');
    // Nothing is left for the previous key: a second pass changes nothing.
    expect(await resealStoredTokens(h.ctx)).toBe(0);
  });
});
