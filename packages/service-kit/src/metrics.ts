import http from 'node:http';
import { createNoopMeter, type Attributes, type BatchObservableCallback, type Meter } from '@opentelemetry/api';
import type { Queue } from 'bullmq';
import type { EventBus } from './bus.js';
import type { BaseConfig } from './config.js';
import type { Logger } from './logger.js';

export type { Histogram, Meter } from '@opentelemetry/api';

/** Where Prometheus scrapes a service. */
export const METRICS_PATH = '/metrics';
/** The Prometheus text exposition format. */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
/** A scrape waits this long at most for what the gauges read (a slow database); what did not come in time is left out. */
const COLLECT_TIMEOUT_MS = 5000;

/**
 * A service's OpenTelemetry metrics, exported in the Prometheus text format
 * on GET /metrics: the requests (the kit's server records them), the outbox
 * and the consumers (the kit observes them), and what the service adds on
 * `meter`. One per service context, so that services built in one test
 * process each export their own.
 */
export interface ServiceMetrics {
  /** Instruments are made on it; with METRICS=off it records nothing, and its gauges are never read. */
  readonly meter: Meter;
  /** Where answered requests are counted and timed: the kit's server and the gateway's proxy record them. */
  readonly requests: RequestRecorder;
  readonly enabled: boolean;
  /** GET /metrics is served on this port of its own; undefined: on the service's HTTP port. */
  readonly port: number | undefined;
  /** Every instrument now, in the Prometheus text format; the gauges read their values for it. */
  scrape(): Promise<string>;
  /** Stops serving and recording. */
  shutdown(): Promise<void>;
}

export interface AnsweredRequest {
  method: string;
  /** The route's pattern (`/posts/:id`), never the URL: the series stay as few as the routes. */
  route: string;
  statusCode: number;
  seconds: number;
  /** The service a gateway passed the request to. */
  upstream?: string;
}

export interface RequestRecorder {
  record(request: AnsweredRequest): void;
}

const DISABLED: ServiceMetrics = {
  meter: createNoopMeter(),
  requests: { record: () => undefined },
  enabled: false,
  port: undefined,
  scrape: async () => '',
  shutdown: async () => undefined,
};

/**
 * The service's metrics, unless METRICS=off. The SDK and the exporter are
 * loaded only then. With METRICS_PORT, GET /metrics is served on that port
 * from now until shutdown (a port in use fails the start).
 */
export async function createServiceMetrics(service: string, config: BaseConfig, logger: Logger): Promise<ServiceMetrics> {
  if (config.METRICS === 'off') return DISABLED;
  const [{ MeterProvider }, { PrometheusExporter, PrometheusSerializer }, { resourceFromAttributes }, { RequestMetrics }] = await Promise.all([
    import('@opentelemetry/sdk-metrics'),
    import('@opentelemetry/exporter-prometheus'),
    import('@opentelemetry/resources'),
    import('./request-metrics.js'),
  ]);
  const resource = resourceFromAttributes({ 'service.name': service });
  const requests = new RequestMetrics(resource);
  // Only its collect() is used: /metrics is served by the service (or by serveMetrics), not by the exporter's own server.
  const exporter = new PrometheusExporter({ preventServerStart: true, metricProducers: [requests] });
  const provider = new MeterProvider({ resource, readers: [exporter] });
  // Every series labelled with the service (service_name), without the instrumentation scope's labels (always "planner").
  const serializer = new PrometheusSerializer('', false, /^service\.name$/, false, true);
  const scrape = async () => {
    const { resourceMetrics, errors } = await exporter.collect({ timeoutMillis: COLLECT_TIMEOUT_MS });
    if (errors.length > 0) logger.warn({ errors: errors.map(String) }, 'some metrics could not be read for a scrape');
    return serializer.serialize(resourceMetrics);
  };
  const server = config.METRICS_PORT === undefined ? undefined : await serveMetrics(scrape, config.METRICS_PORT, config.HOST);
  return {
    meter: provider.getMeter('planner'),
    requests,
    enabled: true,
    port: config.METRICS_PORT,
    scrape,
    shutdown: async () => {
      if (server) await new Promise((resolve) => server.close(resolve));
      await provider.shutdown();
    },
  };
}

/** A plain HTTP server answering GET /metrics alone. */
function serveMetrics(scrape: () => Promise<string>, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?', 1)[0] !== METRICS_PATH) {
      response.writeHead(404).end();
      return;
    }
    scrape().then(
      (text) => response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

export interface GaugeDefinition {
  /** As Prometheus shows it: snake case, the unit last (`_seconds`). */
  name: string;
  description: string;
}

/**
 * Gauges read together at each scrape: `read` reports their values (one
 * query for several). Answers a function that stops observing them.
 */
export function observeGauges<K extends string>(
  meter: Meter,
  gauges: Record<K, GaugeDefinition>,
  read: (observe: (gauge: K, value: number, attributes?: Attributes) => void) => Promise<void>,
): () => void {
  const names = Object.keys(gauges) as K[];
  const instruments = new Map(names.map((key) => [key, meter.createObservableGauge(gauges[key].name, { description: gauges[key].description })]));
  const callback: BatchObservableCallback = (result) => read((gauge, value, attributes) => result.observe(instruments.get(gauge)!, value, attributes));
  const observables = [...instruments.values()];
  meter.addBatchObservableCallback(callback, observables);
  return () => meter.removeBatchObservableCallback(callback, observables);
}

/** How old the consumers' backlog may be when scraped: reading it asks the server once per consumer. */
const CONSUMER_LAG_MAX_AGE_MS = 15_000;

/**
 * The backlog of the bus's durable consumers (shared by the service's
 * replicas, so each replica reports the same): messages not yet delivered
 * and delivered but not yet acknowledged, read from JetStream at most every
 * 15 s, when a scrape finds the last reading older.
 */
export function observeConsumerLag(meter: Meter, bus: EventBus): void {
  let last: { at: number; lag: ReturnType<EventBus['consumerLag']> } | undefined;
  observeGauges(
    meter,
    {
      pending: { name: 'nats_consumer_pending_messages', description: 'Messages of the stream a durable consumer has not been given yet' },
      ackPending: { name: 'nats_consumer_ack_pending_messages', description: 'Messages a durable consumer was given and has not acknowledged (in its handler, or waiting for a retry)' },
    },
    async (observe) => {
      if (!last || Date.now() - last.at > CONSUMER_LAG_MAX_AGE_MS) last = { at: Date.now(), lag: bus.consumerLag() };
      for (const { consumer, subject, pending, ackPending } of await last.lag) {
        observe('pending', pending, { consumer, subject });
        observe('ackPending', ackPending, { consumer, subject });
      }
    },
  );
}

const QUEUE_STATES = ['waiting', 'delayed', 'active'] as const;

/** A BullMQ queue's jobs by state (waiting: due now; delayed: due later; active: running), read at each scrape. */
export function observeQueueDepth(meter: Meter, queue: Queue): () => void {
  return observeGauges(meter, { jobs: { name: 'queue_jobs', description: 'Jobs of a BullMQ queue by state: waiting (due), delayed (due later), active (running)' } }, async (observe) => {
    const counts = await queue.getJobCounts(...QUEUE_STATES);
    for (const state of QUEUE_STATES) observe('jobs', counts[state] ?? 0, { queue: queue.name, state });
  });
}
