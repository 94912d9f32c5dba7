import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_HEADERS } from '@planner/contracts';
import type { App } from '@planner/service-kit';
import { createTestKeys, type TestKeys } from '@planner/service-kit/testing';
import { NO_RATE_LIMITS } from '../src/testing.js';
import { startGateway, startUpstream, waitFor, type TestGateway, type Upstream } from './helpers.js';

const MB = 1_000_000;
const MiB = 1024 * 1024;
const BOUNDARY = 'gateway-test-boundary';
const FORM_HEAD = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="content"\r\n\r\nA launch video\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="media"; filename="launch.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
);
const FORM_TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart form around a `videoBytes` video, made as it is read (one 1 MB block, reused): never whole in memory. */
function videoForm(videoBytes: number): { size: number; chunks: () => Generator<Buffer> } {
  const block = Buffer.alloc(MB, 0x5a);
  return {
    size: FORM_HEAD.length + videoBytes + FORM_TAIL.length,
    *chunks() {
      yield FORM_HEAD;
      for (let left = videoBytes; left > 0; left -= block.length) yield left >= block.length ? block : block.subarray(0, left);
      yield FORM_TAIL;
    },
  };
}

interface Sent {
  status: number;
  body: Record<string, unknown>;
  /** How many bytes the client had handed over when the answer came. */
  sentBeforeAnswer: number;
}

/** POSTs a body from `chunks` as it is read, chunked or with its Content-Length, pausing `gapMs` between chunks until answered. */
async function stream(base: string, path: string, chunks: Iterable<Buffer>, options: { length?: number; gapMs?: number; contentType?: string }): Promise<Sent> {
  const { hostname, port } = new URL(base);
  const answered = new AbortController();
  let sent = 0;
  async function* counted() {
    for (const chunk of chunks) {
      if (options.gapMs && sent > 0) await sleep(options.gapMs, undefined, { signal: answered.signal });
      sent += chunk.length;
      yield chunk;
    }
  }
  const headers = { 'content-type': options.contentType ?? MULTIPART, ...(options.length !== undefined ? { 'content-length': String(options.length) } : {}) };
  const request = http.request({ host: hostname, port, method: 'POST', path, headers });
  const answer = new Promise<Sent>((resolve, reject) => {
    request.once('response', (response) => {
      const sentBeforeAnswer = sent;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (text += part));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) as Record<string, unknown>, sentBeforeAnswer }));
      response.on('error', reject);
    });
  });
  // The gateway may answer (413, 408) and close while the body is still going out.
  const sending = pipeline(Readable.from(counted()), request).catch(() => undefined);
  const result = await answer;
  answered.abort();
  request.destroy();
  await sending;
  return result;
}

/** The posts service's side: counts what reaches it, without Fastify's parsers (and their limits). */
interface Received {
  path: string;
  bytes: number;
  /** The body stopped short: the gateway ended the request. */
  aborted: boolean;
}

function countingRoutes(received: Received[]) {
  return (app: App) => {
    app.addContentTypeParser(MULTIPART.split(';')[0]!, (_request, payload, done) => done(null, payload));
    app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    const count = async (request: { url: string; body: unknown }) => {
      let bytes = 0;
      try {
        for await (const chunk of request.body as Readable) bytes += (chunk as Buffer).length;
      } catch (error) {
        received.push({ path: request.url, bytes, aborted: true });
        throw error;
      }
      received.push({ path: request.url, bytes, aborted: false });
      return { received: bytes };
    };
    app.post('/schedule_post/now', count);
    app.post('/media/upload', count);
    app.post('/posts/import', count);
    // Media are served by signed URL: the service checks the signature, no login.
    app.get('/media/:file', async (request) => ({ file: (request.params as { file: string }).file, user: request.headers[IDENTITY_HEADERS.userId] ?? null }));
  };
}

describe('uploads through the gateway with its default body limits', () => {
  let keys: TestKeys;
  let upstream: Upstream;
  let gateway: TestGateway;
  const received: Received[] = [];

  beforeAll(async () => {
    keys = await createTestKeys();
    upstream = await startUpstream('posts', countingRoutes(received));
    // Short time-outs, so the slow uploads below outlast both the general request time-out and the upstream's.
    gateway = await startGateway({ keys, upstreams: { posts: upstream.url }, env: { ...NO_RATE_LIMITS, REQUEST_TIMEOUT_MS: '1000', UPSTREAM_TIMEOUT_MS: '1000' } });
  });

  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('lets a 300 MB video through an upload route whole, chunked and with its Content-Length (300 MiB too)', async () => {
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    try {
      for (const [video, declared] of [
        [300 * MB, false],
        [300 * MB, true],
        [300 * MiB, true],
      ] as const) {
        const form = videoForm(video);
        const started = performance.now();
        const answer = await stream(gateway.url, '/api/schedule_post/now', form.chunks(), { length: declared ? form.size : undefined });
        expect(answer, `${video} bytes, ${declared ? 'Content-Length' : 'chunked'}`).toMatchObject({ status: 200, body: { received: form.size } });
        console.log(`${(form.size / MB).toFixed(1)} MB ${declared ? 'with Content-Length' : 'chunked'} through the gateway in ${Math.round(performance.now() - started)} ms`);
      }
    } finally {
      clearInterval(sampler);
    }
    // Gateway, service and client share this process: one file in memory would show here.
    console.log(`peak RSS of the test process (gateway, upstream, client) during the uploads: ${Math.round(peak / MiB)} MiB`);
  });

  it('refuses the same video on a general route with 413 before it is sent, chunked or declared', async () => {
    const before = received.length;
    for (const declared of [true, false]) {
      const form = videoForm(300 * MB);
      const answer = await stream(gateway.url, '/api/posts/import', form.chunks(), { length: declared ? form.size : undefined });
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({ error: 'Payload Too Large', message: 'Request body is too large. The limit is 1 MB.' });
      // Early: the answer came while most of the body was still to be sent.
      expect(answer.sentBeforeAnswer, declared ? 'Content-Length' : 'chunked').toBeLessThan(32 * MiB);
    }
    expect(received.slice(before).filter((r) => r.path === '/posts/import' && r.bytes > MiB)).toEqual([]);
  });

  it('refuses a declared body over the upload limit (320 MiB) at once', async () => {
    const form = videoForm(321 * MiB);
    const answer = await stream(gateway.url, '/api/media/upload', form.chunks(), { length: form.size });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('Request body is too large. The limit is 320 MB.');
    expect(answer.sentBeforeAnswer).toBeLessThan(32 * MiB);
  });

  it('lets a slow upload that still flows outlast the general request time-out and the upstream time-out', async () => {
    const chunk = Buffer.alloc(64 * 1024, 1);
    const answer = await stream(gateway.url, '/api/media/upload', Array.from({ length: 10 }, () => chunk), { gapMs: 250, contentType: 'application/octet-stream' });
    expect(answer).toMatchObject({ status: 200, body: { received: 10 * chunk.length } });
  });

  it('gives a slow body on a general route the general request time-out: 408', async () => {
    const chunk = Buffer.alloc(1024, 1);
    const started = performance.now();
    const answer = await stream(gateway.url, '/api/posts/import', Array.from({ length: 10 }, () => chunk), { gapMs: 250, contentType: 'application/octet-stream' });
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual({ error: 'Request Timeout', message: 'The request was not received in time. Please try again.' });
    expect(performance.now() - started).toBeLessThan(2000);
    // The service's request ends with it rather than waiting for the rest.
    await waitFor(
      () => received.find((r) => r.path === '/posts/import' && r.bytes < 10 * chunk.length),
      (r) => r?.aborted === true,
    );
  });

  it('serves GET /api/media/… without a token: a signed URL needs no login', async () => {
    const response = await fetch(`${gateway.url}/api/media/abc.mp4?expires=1&signature=x`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ file: 'abc.mp4', user: null });
  });
});

describe('the upload routes’ own request time-out', () => {
  let upstream: Upstream;
  let gateway: TestGateway;
  const received: Received[] = [];

  beforeAll(async () => {
    upstream = await startUpstream('posts', countingRoutes(received));
    gateway = await startGateway({ upstreams: { posts: upstream.url }, env: { ...NO_RATE_LIMITS, REQUEST_TIMEOUT_MS: '300', UPLOAD_REQUEST_TIMEOUT_MS: '1500' } });
  });

  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('answers 408 to an upload that has not arrived whole in UPLOAD_REQUEST_TIMEOUT_MS, not sooner', async () => {
    const started = performance.now();
    const chunk = Buffer.alloc(1024, 1);
    // The upload stalls after its first kilobyte.
    const answer = await stream(gateway.url, '/api/media/upload', [chunk, chunk], { length: 2048, gapMs: 10_000, contentType: 'application/octet-stream' });
    const elapsed = performance.now() - started;
    expect(answer.status).toBe(408);
    expect(elapsed).toBeGreaterThan(1400);
    expect(elapsed).toBeLessThan(5000);
    await waitFor(
      () => received.find((r) => r.path === '/media/upload'),
      (r) => r?.aborted === true,
    );
  });
});
