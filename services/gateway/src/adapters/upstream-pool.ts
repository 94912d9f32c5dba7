import { Readable } from 'node:stream';
import { Pool, type Dispatcher } from 'undici';

/** Headers that describe one connection, not the message: never forwarded either way (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

export function isHopByHop(name: string): boolean {
  return HOP_BY_HOP.has(name);
}

export type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface UpstreamRequest {
  method: string;
  /** Path and query as the service sees them. */
  path: string;
  headers: Record<string, string | string[]>;
  /** A stream passed through, or a body the gateway read already (a credential request). */
  body: Readable | Buffer | null;
}

/** Where an upstream answer goes: the proxy route implements it over the Fastify reply. */
export interface ResponseSink {
  /**
   * Status and headers (hop-by-hop ones removed) arrived. `body` is a stream
   * for a large or unsized answer; null when the body is collected and
   * `end` follows.
   */
  start(statusCode: number, headers: ResponseHeaders, body: Readable | null): void;
  /** The whole collected body. */
  end(body: Buffer): void;
  /** No answer: connection refused or reset, time-out, request body refused. */
  fail(error: Error): void;
}

/** Answers up to this size are collected and sent in one write; larger or unsized ones stream. */
export const BUFFER_RESPONSES_UP_TO = 64 * 1024;

const EMPTY = Buffer.alloc(0);
const RETRIABLE = new Set(['UND_ERR_SOCKET', 'ECONNRESET']);

/**
 * One exchange, on undici's dispatcher interface directly: no response stream
 * object for small answers (most API answers), the controller's pause/resume
 * as backpressure for large ones.
 */
class ForwardHandler implements Dispatcher.DispatchHandler {
  private chunks: Buffer[] | undefined;
  private stream: Readable | undefined;
  private started = false;

  constructor(
    private readonly pool: UpstreamPool,
    private readonly request: UpstreamRequest,
    private readonly sink: ResponseSink,
    private readonly attempt: number,
  ) {}

  /** Present so undici drives this handler through its current (non-deprecated) interface. */
  onRequestStart(): void {}

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: ResponseHeaders): void {
    this.started = true;
    for (const name in headers) if (HOP_BY_HOP.has(name)) delete headers[name];
    const declared = headers['content-length'];
    if (typeof declared === 'string' && Number(declared) <= BUFFER_RESPONSES_UP_TO) {
      this.chunks = [];
      this.sink.start(statusCode, headers, null);
      return;
    }
    this.stream = new Readable({ read: () => controller.resume() });
    this.sink.start(statusCode, headers, this.stream);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.stream) {
      if (!this.stream.push(chunk)) controller.pause();
    } else {
      this.chunks!.push(chunk);
    }
  }

  onResponseEnd(): void {
    if (this.stream) {
      this.stream.push(null);
      return;
    }
    const chunks = this.chunks!;
    this.sink.end(chunks.length === 0 ? EMPTY : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.stream) {
      this.stream.destroy(error);
      return;
    }
    // A kept-alive connection the service had just closed: an idempotent request without body is sent once more.
    const { method, body } = this.request;
    if (!this.started && this.attempt === 1 && body === null && (method === 'GET' || method === 'HEAD') && RETRIABLE.has((error as { code?: string }).code ?? '')) {
      this.pool.dispatch(this.request, this.sink, 2);
      return;
    }
    this.sink.fail(error);
  }
}

/**
 * The keep-alive connection pool to one service and the lean forwarding of a
 * request through it: the proxy's hot path is one header copy and one dispatch.
 */
export class UpstreamPool {
  private readonly pool: Pool;

  constructor(origin: string, options: { connections: number; timeoutMs: number }) {
    this.pool = new Pool(origin, {
      connections: options.connections,
      pipelining: 1,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  forward(request: UpstreamRequest, sink: ResponseSink): void {
    this.dispatch(request, sink, 1);
  }

  /** @internal */
  dispatch(request: UpstreamRequest, sink: ResponseSink, attempt: number): void {
    this.pool.dispatch(
      { method: request.method as Dispatcher.HttpMethod, path: request.path, headers: request.headers, body: request.body },
      new ForwardHandler(this, request, sink, attempt),
    );
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
