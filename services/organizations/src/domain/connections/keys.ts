import { createHash, createHmac } from 'node:crypto';

/** Label of the development key: anyone can derive it, so it protects nothing outside development and tests. */
export const DEV_CONNECTION_KEY_LABEL = 'planner DEVELOPMENT-ONLY connection token key (set CONNECTION_TOKEN_KEY)';

/**
 * The AES-256 key for stored platform tokens: CONNECTION_TOKEN_KEY (32 bytes, base64), or outside production
 * a development key derived from a public label. Production without a key fails fast.
 */
export function connectionTokenKey(config: { NODE_ENV: string; CONNECTION_TOKEN_KEY?: string | undefined }): { key: Buffer; isDevDefault: boolean } {
  if (config.CONNECTION_TOKEN_KEY) {
    const key = Buffer.from(config.CONNECTION_TOKEN_KEY, 'base64');
    if (key.length !== 32) throw new Error('CONNECTION_TOKEN_KEY must be 32 bytes, base64-encoded');
    return { key, isDevDefault: false };
  }
  if (config.NODE_ENV === 'production') throw new Error('CONNECTION_TOKEN_KEY is required in production (32 bytes, base64)');
  return { key: createHash('sha256').update(DEV_CONNECTION_KEY_LABEL).digest(), isDevDefault: true };
}

/**
 * A list of extra connection token keys (comma separated, each 32 bytes base64), read from `variable`:
 * CONNECTION_TOKEN_NEXT_KEYS (a rotation's first phase: every pod opens the new key before any seals with it)
 * or CONNECTION_TOKEN_PREVIOUS_KEYS (its second: the replaced key opens what it sealed until a reseal).
 */
export function connectionTokenKeyList(variable: string, list: string | undefined): Buffer[] {
  return (list ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => {
      const key = Buffer.from(value, 'base64');
      if (key.length !== 32) throw new Error(`${variable}: each key must be 32 bytes, base64-encoded`);
      return key;
    });
}

/** A separate key for signing OAuth state, so one key never serves two purposes. */
export function stateSigningKey(tokenKey: Buffer): Buffer {
  return createHmac('sha256', tokenKey).update('oauth-state-signing').digest();
}
