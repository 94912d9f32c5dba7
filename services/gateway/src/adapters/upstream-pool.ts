import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool, type Dispatcher } from 'undici';
import type { Logger } from '@planner/service-kit';
import type { ServiceProbe } from '../domain/health.js';
import {
  afterConnectionFailure,
  afterProbe,
  chooseReplica,
  discoveredOrigins,
  initialStanding,
  isConnectionFailure,
  mayRetry,
  membershipChange,
  type Standing,
} from '../domain/replicas.js';
import { probeService } from './upstream-client.js';

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
  /** No answer: connection refused or reset, time-out, request body refused, no replica available. */
  fail(error: Error): void;
}

/** Answers up to this size are collected and sent in one write; larger or unsized ones stream. */
export const BUFFER_RESPONSES_UP_TO = 64 * 1024;

const EMPTY = Buffer.alloc(0);

/** Every replica of the service is out: the request is answered 503 without trying one. */
export class NoReplicaError extends Error {
  readonly code = 'NO_REPLICA';
  constructor(service: string) {
    super(`no replica of ${service} is available`);
    this.name = 'NoReplicaError';
  }
}

/** One address of the service: its keep-alive connections, its standing and its requests in flight. */
class Replica {
  readonly pool: Pool;
  standing: Standing = initialStanding(Date.now());
  inFlight = 0;
  /** Stops its health probes when it leaves the pool. */
  readonly probing = new AbortController();

  constructor(
    readonly origin: string,
    options: { connections: number; timeoutMs: number },
  ) {
    this.pool = new Pool(origin, {
      connections: options.connections,
      pipelining: 1,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  get state() {
    return this.standing.state;
  }
}

/**
 * One exchange with one replica, on undici's dispatcher interface directly: no
 * response stream object for small answers (most API answers), the
 * controller's pause/resume as backpressure for large ones.
 */
class ForwardHandler implements Dispatcher.DispatchHandler {
  private chunks: Buffer[] | undefined;
  private stream: Readable | undefined;
  private started = false;
  private finished = false;

  constructor(
    private readonly upstream: UpstreamPool,
    private readonly replica: Replica,
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
    this.finish();
    if (this.stream) {
      this.stream.push(null);
      return;
    }
    const chunks = this.chunks!;
    this.sink.end(chunks.length === 0 ? EMPTY : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.finish();
    const code = (error as { code?: string }).code;
    if (!this.started && isConnectionFailure(code)) this.upstream.connectionFailed(this.replica, code!);
    if (this.stream) {
      this.stream.destroy(error);
      return;
    }
    const { method, body } = this.request;
    // A stream nobody read from yet (undici reads it once connected) goes again whole.
    const bodyUnsent = body === null || Buffer.isBuffer(body) || !body.readableDidRead;
    if (mayRetry({ method, hasBody: body !== null, bodyUnsent, attempt: this.attempt }, { code, answered: this.started })) {
      this.upstream.dispatch(this.request, this.sink, this.attempt + 1, this.replica);
      return;
    }
    this.sink.fail(error);
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.replica.inFlight -= 1;
  }
}

export interface UpstreamPoolOptions {
  /** The service's name, in logs and errors. */
  service: string;
  /** Keep-alive connections per replica. */
  connections: number;
  timeoutMs: number;
  /** How often each replica's /health is probed, and how long a probe waits (only with two or more replicas). */
  health: { intervalMs: number; timeoutMs: number };
  /**
   * Finds the replicas by name (Kubernetes: a headless Service's records, one
   * per ready pod): every `intervalMs`, each upstream URL's host is looked up
   * and each address is a replica. Without it, the URLs are the replicas.
   */
  discovery?: { lookup: LookupHost; intervalMs: number };
  logger: Logger;
}

/** A host name's addresses (IPv4 or IPv6), or a rejection when it has none. */
export type LookupHost = (hostname: string) => Promise<string[]>;

/**
 * The replicas of one service and the lean forwarding of a request to one of
 * them: the proxy's hot path is one choice, one header copy and one dispatch.
 * With two or more replicas, one that refuses or resets a connection is taken
 * out at once, each is probed on /health every interval (a draining or dead
 * one goes out, a healthy one comes back), and a safe request that failed on
 * the connection, or any request whose connection was refused, goes once to another. A single replica is always tried, as
 * before replicas existed: there is nothing to fail over to.
 *
 * With discovery, the URLs name the replicas rather than list them: they
 * serve until the first lookup, then the replicas found join (probed from then
 * on) and those no longer found leave, closing once their requests under way
 * have finished; each replica has its own keep-alive connections, so a pod an
 * autoscaler adds takes its share at once.
 */
export class UpstreamPool {
  /** Replaced whole when members change, never changed in place. */
  private replicas: readonly Replica[];
  private cursor = 0;
  private readonly probing = new AbortController();
  /** Discovery, probes and the closing of replicas that left: what close() waits for. */
  private readonly background = new Set<Promise<void>>();
  /** Why the last lookup failed, so that a failing name is logged once, not every interval. */
  private lookupFailure: string | undefined;

  constructor(
    private readonly urls: readonly string[],
    private readonly options: UpstreamPoolOptions,
  ) {
    if (urls.length === 0) throw new Error(`${options.service} has no upstream address`);
    this.replicas = urls.map((origin) => new Replica(origin, options));
    // With discovery, the named URLs only stand in until the first lookup: the replicas it finds are probed.
    if (options.discovery) this.track(this.discover(options.discovery));
    else if (this.replicas.length > 1) for (const replica of this.replicas) this.track(this.watch(replica));
  }

  /** The origins requests go to now. */
  get members(): string[] {
    return this.replicas.map((replica) => replica.origin);
  }

  forward(request: UpstreamRequest, sink: ResponseSink): void {
    this.dispatch(request, sink, 1, undefined);
  }

  /** @internal Sends the request to a replica other than `skip` (when there is one). */
  dispatch(request: UpstreamRequest, sink: ResponseSink, attempt: number, skip: Replica | undefined): void {
    const replicas = this.replicas;
    const index = replicas.length === 1 ? 0 : chooseReplica(replicas, this.cursor++ % replicas.length, skip ? replicas.indexOf(skip) : -1);
    if (index === -1) {
      sink.fail(new NoReplicaError(this.options.service));
      return;
    }
    const replica = replicas[index]!;
    replica.inFlight += 1;
    replica.pool.dispatch(
      { method: request.method as Dispatcher.HttpMethod, path: request.path, headers: request.headers, body: request.body },
      new ForwardHandler(this, replica, request, sink, attempt),
    );
  }

  /** @internal A request found the replica refusing or resetting connections. */
  connectionFailed(replica: Replica, code: string): void {
    if (this.replicas.length > 1) this.settle(replica, afterConnectionFailure(replica.standing, code, Date.now()));
  }

  /** Looks the URLs' hosts up every interval until the pool closes, and makes what it finds the members. */
  private async discover({ lookup, intervalMs }: NonNullable<UpstreamPoolOptions['discovery']>): Promise<void> {
    const signal = this.probing.signal;
    while (!signal.aborted) {
      try {
        const found = await Promise.all(this.urls.map(async (url) => discoveredOrigins(url, await lookup(new URL(url).hostname))));
        if (signal.aborted) return;
        this.lookupFailure = undefined;
        this.setMembers(found.flat());
      } catch (error) {
        const reason = (error as { code?: string }).code ?? (error as Error).message;
        if (reason !== this.lookupFailure) this.options.logger.warn({ service: this.options.service, reason }, `${this.options.service} replicas not looked up (${reason}): keeping ${this.members.join(', ')}`);
        this.lookupFailure = reason;
      }
      await sleep(intervalMs, undefined, { signal, ref: false }).catch(() => undefined);
    }
  }

  /** New origins join, probed from now on; gone ones take no more requests and close once theirs have finished. */
  private setMembers(found: readonly string[]): void {
    const { joining, leaving } = membershipChange(this.members, found);
    if (joining.length === 0 && leaving.length === 0) return;
    const joined = joining.map((origin) => new Replica(origin, this.options));
    const left = this.replicas.filter((replica) => leaving.includes(replica.origin));
    this.replicas = [...this.replicas.filter((replica) => !left.includes(replica)), ...joined];
    for (const replica of joined) this.track(this.watch(replica));
    for (const replica of left) {
      replica.probing.abort();
      this.track(replica.pool.close().catch(() => undefined));
    }
    this.options.logger.info(
      { service: this.options.service, joined: joining, left: leaving },
      `${this.options.service} replicas: ${this.members.join(', ')}${joining.length ? `; joined ${joining.join(', ')}` : ''}${leaving.length ? `; left ${leaving.join(', ')}` : ''}`,
    );
  }

  private track(task: Promise<void>): void {
    this.background.add(task);
    void task.finally(() => this.background.delete(task));
  }

  /** Probes a replica's /health until it leaves or the pool closes, one probe at a time. */
  private async watch(replica: Replica): Promise<void> {
    const { intervalMs, timeoutMs } = this.options.health;
    const signal = AbortSignal.any([this.probing.signal, replica.probing.signal]);
    while (!signal.aborted) {
      const startedAt = Date.now();
      const probe: ServiceProbe = await probeService(replica.origin, timeoutMs, signal);
      if (signal.aborted) return;
      const outcome = probe.status === 'down' ? { status: 'down' as const, error: probe.error ?? 'down' } : { status: probe.status };
      this.settle(replica, afterProbe(replica.standing, outcome, startedAt, Date.now()));
      await sleep(intervalMs, undefined, { signal, ref: false }).catch(() => undefined);
    }
  }

  /** Takes a new standing, saying so when the replica goes out or comes back. */
  private settle(replica: Replica, next: Standing): void {
    const previous = replica.standing;
    if (next === previous) return;
    replica.standing = next;
    if (next.state === previous.state) return;
    const where = { service: this.options.service, replica: replica.origin, state: next.state };
    if (next.state === 'out') this.options.logger.warn({ ...where, reason: next.reason }, `${this.options.service} replica ${replica.origin} taken out: ${next.reason}`);
    else this.options.logger.info(where, `${this.options.service} replica ${replica.origin} is ${next.state}${previous.state === 'out' ? ' again' : ''}`);
  }

  async close(): Promise<void> {
    this.probing.abort();
    await Promise.all(this.background);
    await Promise.all(this.replicas.map((replica) => replica.pool.close()));
  }
}
