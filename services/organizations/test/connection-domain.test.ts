import { describe, expect, it } from 'vitest';
import { callbackProblem, resultPage } from '../src/domain/connections/callback.js';
import { connectionTokenKey, connectionTokenKeyList, DEV_CONNECTION_KEY_LABEL } from '../src/domain/connections/keys.js';
import { issueState, pkcePair, verifyState } from '../src/domain/connections/oauth-state.js';
import { decryptToken, encryptToken, resealToken, sealState, TokenCipherError } from '../src/domain/connections/token-cipher.js';
import { connectionView, needsRefresh, platformsMap, type ConnectionFacts } from '../src/domain/connections/view.js';
import { connectionConfigSchema } from '../src/adapters/config.js';
import { connectionKeys, openingKeys } from '../src/adapters/index.js';
import { telegramChatId } from '../src/adapters/telegram.js';
import { OAUTH_PROVIDER_ERRORS } from '@planner/contracts';
import { createLogger } from '@planner/service-kit';
import { createHash, randomBytes } from 'node:crypto';

const key = randomBytes(32);

describe('token cipher (AES-256-GCM)', () => {
  it('round-trips, with a fresh IV each time and no plaintext in the output', () => {
    const a = encryptToken(key, 'secret-token-123');
    const b = encryptToken(key, 'secret-token-123');
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret-token-123');
    expect(decryptToken(key, a)).toBe('secret-token-123');
  });

  it('refuses a tampered ciphertext, tag or IV, and a wrong key', () => {
    const stored = encryptToken(key, 'secret-token-123');
    const [v, iv, tag, data] = stored.split('.') as [string, string, string, string];
    const flip = (s: string) => {
      const bytes = Buffer.from(s, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64url');
    };
    for (const altered of [[v, iv, tag, flip(data)], [v, iv, flip(tag), data], [v, flip(iv), tag, data], ['v2', iv, tag, data]]) {
      expect(() => decryptToken(key, altered.join('.'))).toThrow(TokenCipherError);
    }
    expect(() => decryptToken(randomBytes(32), stored)).toThrow(TokenCipherError);
    expect(() => decryptToken(key, 'not a token')).toThrow(TokenCipherError);
  });

  it('takes the key from config, derives a labelled dev key only outside production, and fails fast in production', () => {
    const given = randomBytes(32);
    expect(connectionTokenKey({ NODE_ENV: 'production', CONNECTION_TOKEN_KEY: given.toString('base64') })).toEqual({ key: given, isDevDefault: false });
    expect(() => connectionTokenKey({ NODE_ENV: 'production' })).toThrow(/CONNECTION_TOKEN_KEY is required in production/);
    expect(() => connectionTokenKey({ NODE_ENV: 'development', CONNECTION_TOKEN_KEY: randomBytes(16).toString('base64') })).toThrow(/32 bytes/);
    const dev = connectionTokenKey({ NODE_ENV: 'development' });
    expect(dev.isDevDefault).toBe(true);
    expect(dev.key).toEqual(createHash('sha256').update(DEV_CONNECTION_KEY_LABEL).digest());
  });
});

describe('connection key rotation', () => {
  it('opens with whichever key sealed, and seals again with the sealing key only what another one sealed', () => {
    const [current, previous, stranger] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const old = encryptToken(previous, 'token');
    expect(decryptToken([current, previous], old)).toBe('token');
    expect(() => decryptToken([current, stranger], old)).toThrow(TokenCipherError);
    expect(sealState([current, previous], old)).toBe('other');
    const resealed = resealToken([current, previous], old)!;
    expect(decryptToken(current, resealed)).toBe('token');
    expect(sealState([current, previous], resealed)).toBe('current');
    expect(resealToken([current, previous], resealed)).toBeNull();
    expect(sealState([current, stranger], old)).toBe('none');
    expect(resealToken([current, stranger], old)).toBeNull();
  });

  it('reads CONNECTION_TOKEN_NEXT_KEYS and CONNECTION_TOKEN_PREVIOUS_KEYS as comma-separated 32-byte keys', () => {
    const [a, b] = [randomBytes(32), randomBytes(32)];
    expect(connectionTokenKeyList('CONNECTION_TOKEN_NEXT_KEYS', undefined)).toEqual([]);
    expect(connectionTokenKeyList('CONNECTION_TOKEN_NEXT_KEYS', ` ${a.toString('base64')}, ${b.toString('base64')} `)).toEqual([a, b]);
    expect(() => connectionTokenKeyList('CONNECTION_TOKEN_PREVIOUS_KEYS', randomBytes(16).toString('base64'))).toThrow(/CONNECTION_TOKEN_PREVIOUS_KEYS: each key must be 32 bytes/);
  });

  it('phase 1 seals with the old key and opens the new; phase 2 seals with the new and opens the old; OAuth states pass between them', () => {
    const [oldKey, newKey] = [randomBytes(32).toString('base64'), randomBytes(32).toString('base64')];
    const keysOf = (env: Record<string, string>) => connectionKeys(connectionConfigSchema.parse({ NODE_ENV: 'production', ...env }), createLogger({ service: 'test', level: 'silent' }));
    const phase1 = keysOf({ CONNECTION_TOKEN_KEY: oldKey, CONNECTION_TOKEN_NEXT_KEYS: newKey });
    const phase2 = keysOf({ CONNECTION_TOKEN_KEY: newKey, CONNECTION_TOKEN_PREVIOUS_KEYS: oldKey });
    expect(phase1.token.toString('base64')).toBe(oldKey);
    expect(phase2.token.toString('base64')).toBe(newKey);
    for (const [sealer, opener] of [[phase1, phase2], [phase2, phase1]] as const) {
      expect(decryptToken(openingKeys(opener), encryptToken(sealer.token, 'token'))).toBe('token');
      const { state, nonce } = issueState(sealer.state.signing, 'x');
      expect(verifyState(opener.state.verifying, 'x', state)).toBe(nonce);
    }
    const after = keysOf({ CONNECTION_TOKEN_KEY: newKey });
    expect(() => decryptToken(openingKeys(after), encryptToken(phase1.token, 'token'))).toThrow(TokenCipherError);
    expect(verifyState(after.state.verifying, 'x', issueState(phase1.state.signing, 'x').state)).toBeNull();
  });
});

describe('OAuth state', () => {
  it('verifies its own state for the platform it was issued for only', () => {
    const { state, nonce } = issueState(key, 'x');
    expect(verifyState(key, 'x', state)).toBe(nonce);
    expect(verifyState(key, 'tiktok', state)).toBeNull();
    expect(verifyState(randomBytes(32), 'x', state)).toBeNull();
  });

  it('refuses a state whose nonce or signature was changed', () => {
    const { state } = issueState(key, 'x');
    const [nonce, mac] = state.split('.') as [string, string];
    expect(verifyState(key, 'x', `${nonce}A.${mac}`)).toBeNull();
    expect(verifyState(key, 'x', `${nonce}.${mac.slice(0, -1)}`)).toBeNull();
    expect(verifyState(key, 'x', nonce)).toBeNull();
    expect(verifyState(key, 'x', `${state}.extra`)).toBeNull();
  });

  it('makes an S256 PKCE pair', () => {
    const { verifier, challenge } = pkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
  });
});

describe('callback query and result pages', () => {
  it('names the spec’s codes in order; the provider’s refusal in RFC 6749’s words, never the query’s text', () => {
    expect(callbackProblem({ error: 'access_denied' })).toBe(OAUTH_PROVIDER_ERRORS.access_denied);
    const described = { error: 'access_denied', error_description: 'Call 0800-SCAM now' };
    expect(callbackProblem(described)).toBe(OAUTH_PROVIDER_ERRORS.access_denied);
    expect(callbackProblem({ error: 'user_cancelled_login' })).toBe(OAUTH_PROVIDER_ERRORS.access_denied);
    // A code RFC 6749 does not define (or one of Object's own keys) is 'Unknown error' on the page.
    expect(callbackProblem({ error: 'Call 0800-SCAM now' })).toBe('');
    expect(callbackProblem({ error: 'constructor' })).toBe('');
    expect(callbackProblem({ state: 's' })).toBe('missing_code');
    expect(callbackProblem({ code: 'c' })).toBe('missing_state');
    expect(callbackProblem({ code: 'c', state: 's' })).toBeNull();
  });

  it('builds /oauth/success and /oauth/error under the app address', () => {
    expect(resultPage('http://app.test', 'x')).toBe('http://app.test/oauth/success?platform=x');
    expect(resultPage('http://app.test', 'x', 'invalid_state')).toBe('http://app.test/oauth/error?platform=x&error=invalid_state');
    expect(resultPage('http://app.test', 'x', '')).toBe('http://app.test/oauth/error?platform=x&error=Unknown+error');
  });
});

describe('connection views', () => {
  const base = { status: 'connected' as const, sandbox: false, url: null, expiresAt: null, refreshToken: null };
  it('asks for a Facebook page until one is saved, and keys every platform in upper case', () => {
    expect(connectionView({ ...base, platform: 'facebook', specificData: {} }).notice).toBe('Facebook Page Required');
    expect(connectionView({ ...base, platform: 'facebook', specificData: { page_id: '1' } }).notice).toBeNull();
    const map = platformsMap([{ ...base, platform: 'x', sandbox: true, specificData: { username: 'sandbox' } }]);
    expect(Object.keys(map)).toEqual(['X', 'FACEBOOK', 'INSTAGRAM', 'THREADS', 'YOUTUBE', 'LINKEDIN', 'TIKTOK', 'TELEGRAM']);
    expect(map.X).toMatchObject({ is_connected: true, sandbox: true, label: 'Sandbox' });
    expect(map.TIKTOK).toEqual({ is_connected: false, url: null, specific_data: {} });
  });

  it('says whether a token renews without the user, never the refresh token itself', () => {
    const expiresAt = new Date('2026-05-01T10:00:00Z');
    const linkedin = connectionView({ ...base, platform: 'linkedin', specificData: {}, expiresAt, refreshToken: 'v1.sealed' });
    expect(linkedin).toMatchObject({ refreshable: true, expires_at: '2026-05-01T10:00:00.000Z' });
    expect(JSON.stringify(linkedin)).not.toContain('v1.sealed');
    expect(connectionView({ ...base, platform: 'linkedin', specificData: {}, expiresAt }).refreshable).toBe(false);
    // Meta's long-lived tokens have no refresh token, and the sweep extends them.
    expect(connectionView({ ...base, platform: 'instagram', specificData: {}, expiresAt }).refreshable).toBe(true);
  });

  it('leaves out the account ids kept for publishing (part 2 §3 does not list them), keeps the ids it lists', () => {
    const shown = (platform: ConnectionFacts['platform'], specificData: Record<string, unknown>) => connectionView({ ...base, platform, specificData }).specific_data;
    expect(shown('x', { username: 'brand', name: 'Brand', user_id: '2244994945' })).toEqual({ username: 'brand', name: 'Brand' });
    expect(shown('linkedin', { user_name: 'Member', organization_name: null, person_id: 'lnk-1' })).toEqual({ user_name: 'Member', organization_name: null });
    expect(shown('linkedin', { user_name: 'Member', organization_name: 'Page', person_id: 'lnk-1', organization_id: '2414183' })).toEqual({ user_name: 'Member', organization_name: 'Page' });
    expect(shown('tiktok', { username: 'creator', open_id: 'tt-1' })).toEqual({ username: 'creator', open_id: 'tt-1' });
    expect(shown('telegram', { id: '-100123', name: 'Channel', username: null })).toEqual({ id: '-100123', name: 'Channel', username: null });
  });

  it('refreshes within five minutes of expiry, never a token without expiry', () => {
    const now = Date.now();
    expect(needsRefresh(new Date(now + 60_000), now)).toBe(true);
    expect(needsRefresh(new Date(now + 3600_000), now)).toBe(false);
    expect(needsRefresh(null, now)).toBe(false);
  });
});

describe('telegram identifiers', () => {
  it('takes @username, a t.me link or a numeric id, trimmed', () => {
    expect(telegramChatId('  @my_channel ')).toBe('@my_channel');
    expect(telegramChatId('https://t.me/my_channel')).toBe('@my_channel');
    expect(telegramChatId('-1001234567890')).toBe('-1001234567890');
    expect(telegramChatId('not a channel!')).toBeNull();
  });
});
