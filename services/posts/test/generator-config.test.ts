import { describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '@planner/service-kit';
import { generatorsFromConfig } from '../src/adapters/index.js';
import { configSchema } from '../src/config.js';

const base = { DATABASE_URL: 'postgres://127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1', NATS_URL: 'nats://127.0.0.1' };
const logger = createLogger({ service: 'posts', level: 'silent' });

describe('which generators the config makes', () => {
  it('without a key, or with the empty one compose passes, the labelled sandbox', async () => {
    for (const env of [base, { ...base, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' }]) {
      const { contentGenerator, imageGenerator } = await generatorsFromConfig(loadConfig(configSchema, env), logger);
      expect([contentGenerator.sandbox, imageGenerator.sandbox]).toEqual([true, true]);
    }
  });

  it('with a key, OpenAI', async () => {
    const { contentGenerator, imageGenerator } = await generatorsFromConfig(loadConfig(configSchema, { ...base, OPENAI_API_KEY: 'sk-x' }), logger);
    expect([contentGenerator.sandbox, imageGenerator.sandbox]).toEqual([false, false]);
  });
});
