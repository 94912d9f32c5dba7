import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_LIMITS, SharedMessages, type LogLines, type LogSearch } from '@planner/contracts';
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
    for (const name of ['..%2Fsecret.txt', 'escape.log', '.%2e']) {
      for (const part of ['lines', 'search?q=outside']) {
        const response = await rawRequest(gateway.url, { path: `/api/logs/${name}/${part}`, headers: admin });
        expect(response.status, `${name}/${part}`).toBe(400);
        expect(response.json(), name).toEqual(INVALID);
      }
    }
  });

  it('answers 404 for a file that does not exist (or is a folder)', async () => {
    for (const name of ['missing.log', 'archive']) {
      for (const path of [name, `${name}/lines`, `${name}/search?q=x`]) {
        const response = await fetch(`${gateway.url}/api/logs/${path}`, { headers: admin });
        expect(response.status, path).toBe(404);
        expect(await response.json()).toEqual({ error: 'Not Found', message: GatewayMessages.logNotFound(name) });
      }
    }
  });

  it('is for admins only: 403 for other users, 401 anonymous', async () => {
    for (const url of ['/api/logs/', '/api/logs/auth.log', '/api/logs/auth.log/lines', '/api/logs/auth.log/search?q=one', '/api/logs/auth.log/lines?count=0']) {
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

const lineOf = (i: number) => `line ${String(i).padStart(3, '0')} ${'x'.repeat(40)}`;

async function lines(name: string, query = ''): Promise<LogLines> {
  const response = await fetch(`${gateway.url}/api/logs/${name}/lines${query}`, { headers: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as LogLines;
}

async function search(name: string, query: string): Promise<LogSearch> {
  const response = await fetch(`${gateway.url}/api/logs/${name}/search?${query}`, { headers: admin });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as LogSearch;
}

describe('/api/logs/{name}/lines', () => {
  it('returns a range of lines and how many there are (200 from line 0 unless told)', async () => {
    expect(await lines('big.log', '?from=10&count=3')).toEqual({ filename: 'big.log', size: 5000, total_lines: 100, from: 10, lines: [lineOf(10), lineOf(11), lineOf(12)] });
    expect((await lines('big.log')).lines).toEqual(Array.from({ length: 100 }, (_, i) => lineOf(i)));
    expect((await lines('big.log', '?from=98&count=10')).lines).toEqual([lineOf(98), lineOf(99)]);
    expect(await lines('big.log', '?from=100')).toMatchObject({ total_lines: 100, lines: [] });
    expect(await lines('auth.log')).toMatchObject({ total_lines: 2, lines: ['{"msg":"one"}', '{"msg":"two"}'] });
  });

  it('reads any line of a file larger than one read chunk, follows appends, and starts over when the file is replaced', async () => {
    const name = 'growing.log';
    const file = path.join(logDir, name);
    const row = (i: number) => `${String(i).padStart(6, '0')} ${'é'.repeat(20)} request served`;
    const count = 40_000; // ~2.2 MB: several chunks and many checkpoints
    fs.writeFileSync(file, Array.from({ length: count }, (_, i) => row(i)).join('\n') + '\n');
    expect(await lines(name, '?from=31337&count=2')).toMatchObject({ total_lines: count, lines: [row(31337), row(31338)] });
    expect((await lines(name, `?from=${count - 1}`)).lines).toEqual([row(count - 1)]);

    fs.appendFileSync(file, `${row(count)}\nunfinished`);
    expect(await lines(name, `?from=${count - 1}`)).toMatchObject({ total_lines: count + 2, lines: [row(count - 1), row(count), 'unfinished'] });
    fs.appendFileSync(file, ' line\n');
    expect(await lines(name, `?from=${count + 1}`)).toMatchObject({ total_lines: count + 2, lines: ['unfinished line'] });

    fs.writeFileSync(`${file}.new`, 'rotated\n');
    fs.renameSync(`${file}.new`, file);
    expect(await lines(name)).toMatchObject({ total_lines: 1, lines: ['rotated'], size: 8 });
    fs.writeFileSync(file, 'rewritten in place\nsecond\n');
    expect(await lines(name)).toMatchObject({ total_lines: 2, lines: ['rewritten in place', 'second'] });
  });

  it('cuts a very long line for display', async () => {
    fs.writeFileSync(path.join(logDir, 'long.log'), `short\n${'y'.repeat(LOG_LIMITS.lineChars + 5)}\n`);
    const { lines: shown } = await lines('long.log');
    expect(shown[0]).toBe('short');
    expect(shown[1]).toBe(`${'y'.repeat(LOG_LIMITS.lineChars)}…`);
  });

  it('refuses a bad range with 400 in words', async () => {
    for (const [query, message] of [
      ['?from=-1', GatewayMessages.invalidLineIndex],
      ['?from=abc', GatewayMessages.invalidLineIndex],
      ['?from=1.5', GatewayMessages.invalidLineIndex],
      ['?count=0', GatewayMessages.invalidLineCount],
      [`?count=${LOG_LIMITS.linesPerRequest + 1}`, GatewayMessages.invalidLineCount],
    ]) {
      const response = await fetch(`${gateway.url}/api/logs/big.log/lines${query}`, { headers: admin });
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject({ error: 'Bad Request', message });
    }
  });
});

describe('/api/logs/{name}/search', () => {
  it('finds the matching lines case-insensitively, the text taken literally, and pages them with from', async () => {
    expect(await search('big.log', 'q=LINE%2005')).toEqual({
      filename: 'big.log',
      query: 'LINE 05',
      total_lines: 100,
      from: 0,
      match_count: 10,
      matches: [50, 51, 52, 53, 54, 55, 56, 57, 58, 59],
    });
    expect(await search('big.log', 'q=line%2005&from=57')).toMatchObject({ match_count: 10, matches: [57, 58, 59] });
    expect(await search('big.log', 'q=line.05')).toMatchObject({ match_count: 0, matches: [] });
    expect(await search('auth.log', `q=${encodeURIComponent('"MSG":"TWO"')}`)).toMatchObject({ match_count: 1, matches: [1] });
  });

  it(`answers at most ${LOG_LIMITS.matchesPerSearch} matches and counts them all`, async () => {
    const count = LOG_LIMITS.matchesPerSearch + 234;
    fs.writeFileSync(path.join(logDir, 'many.log'), Array.from({ length: count }, (_, i) => (i % 2 ? 'odd hit' : 'even hit')).join('\n'));
    const first = await search('many.log', 'q=HIT');
    expect(first.match_count).toBe(count);
    expect(first.matches).toEqual(Array.from({ length: LOG_LIMITS.matchesPerSearch }, (_, i) => i));
    const next = await search('many.log', `q=hit&from=${first.matches.at(-1)! + 1}`);
    expect(next.matches).toEqual(Array.from({ length: 234 }, (_, i) => LOG_LIMITS.matchesPerSearch + i));
    expect((await search('many.log', 'q=ODD')).match_count).toBe(count / 2);
  });

  it('refuses a missing, long or multi-line text with 400 in words', async () => {
    for (const query of ['', 'q=', `q=${'a'.repeat(LOG_LIMITS.queryChars + 1)}`, 'q=a%0Ab', 'q=a&q=b', 'q=a&from=-2']) {
      const response = await fetch(`${gateway.url}/api/logs/big.log/search?${query}`, { headers: admin });
      expect(response.status, query).toBe(400);
      const message = query.includes('from') ? GatewayMessages.invalidLineIndex : GatewayMessages.invalidSearch;
      expect(await response.json(), query).toMatchObject({ error: 'Bad Request', message });
    }
  });
});
