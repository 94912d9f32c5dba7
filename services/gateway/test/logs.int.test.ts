import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedMessages } from '@planner/contracts';
import { signedBearer } from '@planner/service-kit/testing';
import { GatewayMessages } from '../src/domain/messages.js';
import { rawRequest, startGateway, type TestGateway } from './helpers.js';

let gateway: TestGateway;
let root: string;
let logDir: string;
let admin: Record<string, string>;
let user: Record<string, string>;

const INVALID = { error: 'Bad Request', message: GatewayMessages.invalidLogName };

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-logs-'));
  logDir = path.join(root, 'logs');
  fs.mkdirSync(logDir);
  fs.writeFileSync(path.join(root, 'secret.txt'), 'outside the log folder');
  fs.writeFileSync(path.join(logDir, 'auth.log'), '{"msg":"one"}\n{"msg":"two"}\n');
  fs.writeFileSync(path.join(logDir, 'big.log'), Array.from({ length: 100 }, (_, i) => `line ${String(i).padStart(3, '0')} ${'x'.repeat(40)}`).join('\n') + '\n');
  fs.symlinkSync(path.join(root, 'secret.txt'), path.join(logDir, 'escape.log'));
  fs.mkdirSync(path.join(logDir, 'archive'));
  gateway = await startGateway({ env: { LOG_DIR: logDir, LOG_READ_MAX_BYTES: '1000' } });
  admin = await signedBearer(gateway.keys, { sub: '00000000-0000-4000-8000-00000000000a', role: 'admin' });
  user = await signedBearer(gateway.keys, { sub: '00000000-0000-4000-8000-00000000000b', role: 'advanced' });
});

afterAll(async () => {
  await gateway?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('/api/logs', () => {
  it('lists the log files (name, size, modified) for an admin, leaving out folders and links that leave LOG_DIR', async () => {
    const response = await fetch(`${gateway.url}/api/logs/`, { headers: admin });
    expect(response.status).toBe(200);
    const files = (await response.json()) as Array<{ name: string; size: number; modified: string }>;
    expect(files.map((f) => f.name).sort()).toEqual(['auth.log', 'big.log']);
    const auth = files.find((f) => f.name === 'auth.log')!;
    expect(auth.size).toBe(28);
    expect(new Date(auth.modified).toISOString()).toBe(auth.modified);
  });

  it('returns a file’s content', async () => {
    const response = await fetch(`${gateway.url}/api/logs/auth.log`, { headers: admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ filename: 'auth.log', content: '{"msg":"one"}\n{"msg":"two"}\n', size: 28, truncated: false });
  });

  it('returns only the end of a large file, from a line start, with a note', async () => {
    const response = await fetch(`${gateway.url}/api/logs/big.log`, { headers: admin });
    const body = (await response.json()) as { content: string; truncated: boolean; note: string; size: number };
    expect(body.truncated).toBe(true);
    expect(body.size).toBe(5000);
    expect(body.content.length).toBeLessThanOrEqual(1000);
    expect(body.content.startsWith('line ')).toBe(true);
    expect(body.content.endsWith('line 099 ' + 'x'.repeat(40) + '\n')).toBe(true);
    expect(body.note).toBe(GatewayMessages.logTruncated(Buffer.byteLength(body.content), 5000));
  });

  it('refuses names that leave LOG_DIR with 400', async () => {
    for (const name of ['..%2Fsecret.txt', '%2e%2e%2fsecret.txt', '%2Fetc%2Fpasswd', '..%5Csecret.txt', '..', '.%2e', 'escape.log', '../secret.txt', 'archive/../../secret.txt']) {
      const response = await rawRequest(gateway.url, { path: `/api/logs/${name}`, headers: admin });
      expect(response.status, name).toBe(400);
      expect(response.json(), name).toEqual(INVALID);
    }
  });

  it('answers 404 for a file that does not exist (or is a folder)', async () => {
    for (const name of ['missing.log', 'archive']) {
      const response = await fetch(`${gateway.url}/api/logs/${name}`, { headers: admin });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not Found', message: GatewayMessages.logNotFound(name) });
    }
  });

  it('is for admins only: 403 for other users, 401 anonymous', async () => {
    for (const url of ['/api/logs/', '/api/logs/auth.log']) {
      const forbidden = await fetch(`${gateway.url}${url}`, { headers: user });
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toEqual({ error: 'Forbidden', message: SharedMessages.adminRequired });
      const anonymous = await fetch(`${gateway.url}${url}`);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ error: 'Unauthorized', message: SharedMessages.authenticationRequired });
    }
  });

  it('lists nothing when LOG_DIR does not exist', async () => {
    const other = await startGateway({ env: { LOG_DIR: path.join(root, 'nope') }, keys: gateway.keys });
    try {
      const response = await fetch(`${other.url}/api/logs`, { headers: admin });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
