import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger, createServer, loggableUrl } from '../src/index.js';
import { untilLogWritten } from '../src/testing/index.js';

describe('logger redaction', () => {
  it('keeps secrets, query parameters and single-use links out of the log file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-logger-'));
    const logger = createLogger({ service: 'redaction', level: 'info', logDir: dir, stdout: false });
    const failed = Object.assign(new Error('duplicate key'), { query: 'INSERT INTO outbox VALUES ($1)', parameters: ['https://x/verify?token=SECRET-1'] });
    logger.error({ err: failed }, 'query failed');
    logger.info({ envelope: { data: { verifyUrl: 'https://x/verify?token=SECRET-2' } }, event: { resetUrl: 'https://x/reset/SECRET-3' } }, 'event');
    logger.info({ body: { password: 'SECRET-4', token: 'SECRET-5' } }, 'body');
    const text = await untilLogWritten(logger, path.join(dir, 'redaction.log'));
    expect(text).toContain('query failed');
    expect(text).toContain('INSERT INTO outbox');
    expect(text).not.toMatch(/SECRET-\d/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('loggable request URLs', () => {
  it('drops query values and token-like path segments, and keeps the rest readable', () => {
    expect(loggableUrl('/oauth/x/callback?code=abc123&state=s.sig')).toBe('/oauth/x/callback?code=[redacted]&state=[redacted]');
    expect(loggableUrl('/auth/verify-email/eqINFjT1Byu3ERSimSFJe6VUC8fzQIzAycX_nnWpZJU')).toBe('/auth/verify-email/[redacted]');
    expect(loggableUrl('/blog/posts/my-first-post-about-planning-2026')).toBe('/blog/posts/my-first-post-about-planning-2026');
    expect(loggableUrl('/organizations/163a5002-c996-4e20-8c62-5c8497cce3a8/templates')).toBe('/organizations/163a5002-c996-4e20-8c62-5c8497cce3a8/templates');
    expect(loggableUrl('/health')).toBe('/health');
  });

  it('is what a service logs of each request', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-logger-'));
    const logger = createLogger({ service: 'urls', level: 'info', logDir: dir, stdout: false });
    const app = await createServer({ name: 'urls', logger });
    await app.inject({ method: 'GET', url: '/oauth/x/callback?code=SECRET-CODE&state=SECRET-STATE' });
    await app.close();
    const text = await untilLogWritten(logger, path.join(dir, 'urls.log'));
    expect(text).toContain('/oauth/x/callback?code=[redacted]');
    expect(text).not.toMatch(/SECRET-(CODE|STATE)/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
