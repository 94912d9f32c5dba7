import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '@planner/service-kit';
import { untilLogWritten } from '@planner/service-kit/testing';
import { createMailTransport } from '../src/adapters/mail-transport.js';
import { configSchema } from '../src/config.js';
import { renderPasswordReset } from '../src/domain/templates.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notifications-sandbox-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('without SMTP_URL', () => {
  it('defaults to files under var/mail and a sender of its own', () => {
    const config = loadConfig(configSchema, {});
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.MAIL_DIR).toBe(path.resolve(process.cwd(), '../../var/mail'));
    expect(config.MAIL_FROM).toContain('@');
    expect(() => loadConfig(configSchema, { SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
  });

  it('writes each mail as an .eml file and lists it in the log without the link', async () => {
    const mailDir = path.join(dir, 'mail');
    const logDir = path.join(dir, 'logs');
    const logger = createLogger({ service: 'notifications', level: 'info', logDir, stdout: false });
    const transport = createMailTransport({ mailDir, from: 'Planner <no-reply@planner.test>', maxConnections: 1, logger });
    expect(transport.sandbox).toBe(true);
    const id = randomUUID();
    const resetUrl = 'http://localhost:8080/reset-password?token=sandbox-token-42';
    const mail = renderPasswordReset({ username: 'sandy', resetUrl });
    const { messageId } = await transport.send({ id, to: 'sandy@example.com', subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers, messageId: `<${id}@planner.test>`, returnPath: 'bounces@planner.test' });
    transport.close();
    expect(messageId).toBe(`<${id}@planner.test>`);

    const file = path.join(mailDir, `${id}.eml`);
    const parsed = await simpleParser(fs.readFileSync(file));
    expect(parsed.subject).toBe('Reset your Social Planner password');
    expect(parsed.to).toMatchObject({ text: 'sandy@example.com' });
    expect(parsed.text).toContain(resetUrl);
    expect(parsed.html).toContain(`href="${resetUrl}"`);

    const lines = (await untilLogWritten(logger, path.join(logDir, 'notifications.log'))).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toContainEqual(expect.objectContaining({ to: 'sandy@example.com', subject: 'Reset your Social Planner password', file }));
    expect(JSON.stringify(lines)).not.toContain('sandbox-token-42');
  });

  it('never writes over an earlier file: a second send of the same mail row gets its own (drill: doubles were hidden)', async () => {
    const mailDir = path.join(dir, 'twice');
    const logger = createLogger({ service: 'notifications', level: 'silent' });
    const transport = createMailTransport({ mailDir, from: 'Planner <no-reply@planner.test>', maxConnections: 1, logger });
    const id = randomUUID();
    const mail = renderPasswordReset({ username: 'sandy', resetUrl: 'http://localhost:8080/reset-password?token=t' });
    const send = () => transport.send({ id, to: 'sandy@example.com', subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers, messageId: `<${id}@planner.test>`, returnPath: 'bounces@planner.test' });
    await Promise.all([send(), send()]);
    await send();
    transport.close();
    expect(fs.readdirSync(mailDir).sort()).toEqual([`${id}-2.eml`, `${id}-3.eml`, `${id}.eml`].sort());
  });
});
