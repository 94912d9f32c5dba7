import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackUrl } from '@planner/service-kit/testing';
import { SharedMessages } from '@planner/contracts';
import { Media } from '../src/entities/media.entity.js';
import { usePosts } from './harness.js';
import { png } from './media-fixtures.js';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posts-cut-'));
const h = usePosts(() => ({ env: { MEDIA_DIR: mediaDir } }));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

const owner = randomUUID();
let organizationId: string;
let authorization: string;
beforeAll(async () => {
  organizationId = await h.addOrganization(owner);
  authorization = `Bearer ${await h.ctx.keys.sign({ sub: owner, role: 'pro' })}`;
});

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/**
 * Sends a request of exactly these bytes (its Content-Length right), its body
 * in `pieces`, and keeps the socket open, as a client waiting for the answer
 * does: what the server answers, and how long it took.
 */
function rawPost(base: string, pathname: string, contentType: string, pieces: Buffer[]): Promise<Answer> {
  const { hostname, port } = new URL(base);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const head =
      `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: ${authorization}\r\nContent-Type: ${contentType}\r\n` +
      `Content-Length: ${Buffer.concat(pieces).length}\r\nConnection: close\r\n\r\n`;
    socket.setTimeout(15_000, () => socket.destroy(new Error('no answer within 15 s')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [headers = '', ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(headers.split(' ')[1]), body: rest.join('\r\n\r\n'), ms: Date.now() - started });
    });
    socket.write(Buffer.from(head, 'latin1'));
    // Each piece written as it comes, a moment apart: the service reads the first before the next arrives.
    void pieces.reduce(async (written, piece) => {
      await written;
      socket.write(piece);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }, Promise.resolve());
  });
}

const BOUNDARY = '----cut-upload-boundary';
const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fields = () =>
  Buffer.from(
    field('organization_id', organizationId) + field('platforms', 'X') + field('media_type', 'image') + field('scheduled_time', new Date(Date.now() + 3600_000).toISOString()),
  );
const fileHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="m"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
/** A form whose fields are whole and whose file part stops midway, without its closing boundary: in one piece, or in two cut inside the file. */
const cutForm = (fileBytes: number, { split = false } = {}) => {
  const form = Buffer.concat([fields(), Buffer.from(fileHead), png(fileBytes)]);
  return split ? [form.subarray(0, form.length - fileBytes / 2), form.subarray(form.length - fileBytes / 2)] : [form];
};

async function storedCount(): Promise<{ files: number; rows: number }> {
  const files = fs.readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  return { files, rows: await h.ctx.dataSource.getRepository(Media).count() };
}

describe.each([
  ['the posts app', () => loopbackUrl(h.app), '/schedule_post/later'],
  ['the gateway', () => h.api.url, '/api/schedule_post/later'],
])('a multipart body that is cut or malformed, through %s, is a 400 at once', (_via, base, pathname) => {
  it.each([
    // The parser reads the whole body (and meets its end) while the organization is checked: the file is dead when handed over.
    ['a small file part without its closing boundary', `multipart/form-data; boundary=${BOUNDARY}`, () => cutForm(100)],
    // The body ends while the file is being stored: its first half came 200 ms before.
    ['a file part cut short while it is stored', `multipart/form-data; boundary=${BOUNDARY}`, () => cutForm(64 * 1024, { split: true })],
    ['a file part cut short, all at once', `multipart/form-data; boundary=${BOUNDARY}`, () => cutForm(64 * 1024)],
    ['fields without the closing boundary', `multipart/form-data; boundary=${BOUNDARY}`, () => [Buffer.from(field('organization_id', organizationId))]],
    ['no boundary in the content type', 'multipart/form-data', () => cutForm(100)],
    ['a body that is no multipart at all', `multipart/form-data; boundary=${BOUNDARY}`, () => [Buffer.from('garbage, not a form \x00\xff'.repeat(50), 'latin1')]],
  ])('%s', async (_case, contentType, body) => {
    const before = await storedCount();
    const answer = await rawPost(base(), pathname, contentType, body());
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ message: SharedMessages.formUnreadable });
    expect(answer.ms).toBeLessThan(2000);
    expect(await storedCount()).toEqual(before);
  });
});
