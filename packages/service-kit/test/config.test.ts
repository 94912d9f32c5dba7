import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, developmentSecret, developmentSecretWarnings, loadConfig, serviceConfigSchema } from '../src/index.js';

const schema = serviceConfigSchema(4999, { STRIPE_SECRET_KEY: z.string().min(1), RETRIES: z.coerce.number().int() });

describe('loadConfig', () => {
  it('applies defaults and coerces numbers', () => {
    const config = loadConfig(schema, { STRIPE_SECRET_KEY: 'sk', RETRIES: '3' });
    expect(config).toMatchObject({ PORT: 4999, RETRIES: 3, NODE_ENV: 'development', REDIS_URL: 'redis://127.0.0.1:6379' });
  });

  it('fails fast naming every missing or malformed variable', () => {
    let error: unknown;
    try {
      loadConfig(schema, { RETRIES: 'many', DATABASE_URL: 'not a url' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems } = error as ConfigError;
    expect(problems).toContain('STRIPE_SECRET_KEY is required but not set');
    expect(problems.some((p) => p.startsWith('RETRIES:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('DATABASE_URL:'))).toBe(true);
  });

  it('treats an empty variable as unset so defaults still apply', () => {
    expect(loadConfig(schema, { STRIPE_SECRET_KEY: 'sk', RETRIES: '1', PORT: '' }).PORT).toBe(4999);
  });
});

describe('developmentSecret', () => {
  const withKey = serviceConfigSchema(4998, { LINK_KEY: developmentSecret('development-link-signing-key', 'links can be forged') });

  it('defaults to the development value, and only production warns of it, naming the setting and the risk', () => {
    expect(loadConfig(withKey, {}).LINK_KEY).toBe('development-link-signing-key');
    expect(developmentSecretWarnings(loadConfig(withKey, {}))).toEqual([]);
    expect(developmentSecretWarnings(loadConfig(withKey, { NODE_ENV: 'production' }))).toEqual([
      'LINK_KEY is the development default: links can be forged; set a random value',
    ]);
  });

  it('says nothing of a key that was set, and refuses a short one', () => {
    expect(developmentSecretWarnings(loadConfig(withKey, { NODE_ENV: 'production', LINK_KEY: 'a-long-random-production-value' }))).toEqual([]);
    expect(() => loadConfig(withKey, { LINK_KEY: 'short' })).toThrow(ConfigError);
  });
});
