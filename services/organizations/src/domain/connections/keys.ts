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
 * CONNECTION_TOKEN_PREVIOUS_KEYS: the keys CONNECTION_TOKEN_KEY replaced (comma separated, each 32 bytes
 * base64). They open what they sealed until the service has sealed it again with the current key.
 */
export function previousConnectionTokenKeys(list: string | undefined): Buffer[] {
  return (list ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => {
      const key = Buffer.from(value, 'base64');
      if (key.length !== 32) throw new Error('CONNECTION_TOKEN_PREVIOUS_KEYS: each key must be 32 bytes, base64-encoded');
      return key;
    });
}

/** A separate key for signing OAuth state, so one key never serves two purposes. */
export function stateSigningKey(tokenKey: Buffer): Buffer {
  return createHmac('sha256', tokenKey).update('oauth-state-signing').digest();
}
