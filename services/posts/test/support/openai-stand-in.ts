import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** A request the stand-in received, as the openai client sent it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface StandInReply {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

/**
 * A local server answering as the OpenAI API does (POST /v1/chat/completions,
 * POST /v1/images/generations): the replies queued by a test, in order, with
 * the API's body shapes and headers; each request is kept for assertions.
 */
export interface OpenAIStandIn {
  /** The base URL for the openai client (`.../v1`). */
  url: string;
  requests: ReceivedRequest[];
  /** Queues replies for the next requests. */
  reply(...replies: StandInReply[]): void;
}

let sequence = 0;

/** A chat completion whose message holds `content` (or a refusal), as OpenAI answers one. */
export function chatCompletion(content: string | null, { refusal = null, finishReason = 'stop' }: { refusal?: string | null; finishReason?: string } = {}): StandInReply {
  sequence += 1;
  return {
    headers: { 'x-request-id': `req_${sequence}` },
    body: {
      id: `chatcmpl-${sequence}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: 'gpt-4o-mini-2024-07-18',
      choices: [{ index: 0, message: { role: 'assistant', content, refusal, annotations: [] }, logprobs: null, finish_reason: finishReason }],
      usage: { prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 },
      system_fingerprint: 'fp_standin',
    },
  };
}

/** The posts reply the generator's schema asks for. */
export function postsCompletion(posts: Record<string, string>): StandInReply {
  return chatCompletion(JSON.stringify({ posts }));
}

/** An images answer with one base64 image. */
export function imagesResponse(png: Buffer): StandInReply {
  return { body: { created: Math.floor(Date.now() / 1000), data: [{ b64_json: png.toString('base64') }], usage: { total_tokens: 100, input_tokens: 50, output_tokens: 50 } } };
}

/** An error as OpenAI sends one: `{ error: { message, type, param, code } }`. */
export function apiError(status: number, error: { message: string; type: string; code: string | null }, headers: Record<string, string> = {}): StandInReply {
  return { status, headers: { 'x-request-id': `req_err_${status}`, ...headers }, body: { error: { ...error, param: null } } };
}

export const ERRORS = {
  invalidKey: apiError(401, {
    message: 'Incorrect API key provided: sk-stand***********5678. You can find your API key at https://platform.openai.com/account/api-keys.',
    type: 'invalid_request_error',
    code: 'invalid_api_key',
  }),
  rateLimited: (retryAfterSeconds: number) =>
    apiError(
      429,
      { message: 'Rate limit reached for gpt-4o-mini on requests per min (RPM): Limit 3, Used 3, Requested 1.', type: 'requests', code: 'rate_limit_exceeded' },
      { 'retry-after': String(retryAfterSeconds), 'x-ratelimit-limit-requests': '3', 'x-ratelimit-remaining-requests': '0' },
    ),
  server: apiError(500, { message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error', code: null }),
  imageSafety: apiError(400, {
    message: 'Your request was rejected as a result of our safety system.',
    type: 'invalid_request_error',
    code: 'content_policy_violation',
  }),
};

/** Starts the stand-in before the file's tests (register it before the service that points at it) and stops it after. */
export function useOpenAIStandIn(): OpenAIStandIn {
  const queue: StandInReply[] = [];
  const standIn: OpenAIStandIn = { url: '', requests: [], reply: (...replies) => queue.push(...replies) };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      standIn.requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
      // Nothing queued: a test forgot a reply; answered as the API's own server error so it shows.
      const next = queue.shift() ?? apiError(500, { message: 'stand-in: no reply queued', type: 'server_error', code: null });
      response.writeHead(next.status ?? 200, { 'content-type': 'application/json', ...next.headers }).end(JSON.stringify(next.body));
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterEach(() => {
    queue.length = 0;
    standIn.requests.length = 0;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return standIn;
}
