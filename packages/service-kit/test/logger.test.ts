import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/index.js';

describe('logger redaction', () => {
  it('keeps secrets, query parameters and single-use links out of the log file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-logger-'));
    const logger = createLogger({ service: 'redaction', level: 'info', logDir: dir, stdout: false });
    const failed = Object.assign(new Error('duplicate key'), { query: 'INSERT INTO outbox VALUES ($1)', parameters: ['https://x/verify?token=SECRET-1'] });
    logger.error({ err: failed }, 'query failed');
    logger.info({ envelope: { data: { verifyUrl: 'https://x/verify?token=SECRET-2' } }, event: { resetUrl: 'https://x/reset/SECRET-3' } }, 'event');
    logger.info({ body: { password: 'SECRET-4', token: 'SECRET-5' } }, 'body');
    logger.flush();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const text = fs.readFileSync(path.join(dir, 'redaction.log'), 'utf8');
    expect(text).toContain('query failed');
    expect(text).toContain('INSERT INTO outbox');
    expect(text).not.toMatch(/SECRET-\d/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
