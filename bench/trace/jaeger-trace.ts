/**
 * OTLP/JSON export requests (what the services' OpenTelemetry SDK posts to
 * /v1/traces) turned into the JSON Jaeger's query API answers for
 * /api/traces/{id}, the shape its UI reads (and its "JSON File" upload takes).
 */

/** An OTLP AnyValue: one of these fields is set. */
interface OtlpValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: OtlpValue[] };
  kvlistValue?: { values?: OtlpAttribute[] };
}

interface OtlpAttribute {
  key: string;
  value?: OtlpValue;
}

/** A time in nanoseconds since the epoch: a decimal string, a number, or a protobuf Long's two halves. */
type OtlpTime = string | number | { low: number; high: number };

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  startTimeUnixNano: OtlpTime;
  endTimeUnixNano: OtlpTime;
  attributes?: OtlpAttribute[];
  events?: Array<{ timeUnixNano: OtlpTime; name: string; attributes?: OtlpAttribute[] }>;
  status?: { code?: number; message?: string };
  links?: Array<{ traceId: string; spanId: string }>;
}

export interface OtlpExportRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{ scope?: { name?: string }; spans?: OtlpSpan[] }>;
  }>;
}

export interface JaegerTag {
  key: string;
  type: 'string' | 'bool' | 'int64' | 'float64';
  value: string | boolean | number;
}

export interface JaegerSpan {
  traceID: string;
  spanID: string;
  operationName: string;
  references: Array<{ refType: 'CHILD_OF' | 'FOLLOWS_FROM'; traceID: string; spanID: string }>;
  flags: number;
  /** Microseconds since the epoch. */
  startTime: number;
  /** Microseconds. */
  duration: number;
  tags: JaegerTag[];
  logs: Array<{ timestamp: number; fields: JaegerTag[] }>;
  processID: string;
  warnings: null;
}

export interface JaegerTrace {
  traceID: string;
  spans: JaegerSpan[];
  processes: Record<string, { serviceName: string; tags: JaegerTag[] }>;
  warnings: null;
}

/** The body of GET /api/traces/{id} (and of a file the UI's upload takes). */
export interface JaegerTraceResponse {
  data: JaegerTrace[];
  total: number;
  limit: number;
  offset: number;
  errors: null;
}

/** OTLP's SpanKind numbers as Jaeger's span.kind tag names them (0 and 1, unspecified and internal, are internal). */
const SPAN_KINDS = ['internal', 'internal', 'server', 'client', 'producer', 'consumer'] as const;
const STATUS_ERROR = 2;

/** An id as hex: OTLP/JSON writes ids in hex, protobuf-to-JSON encoders in base64. */
function hexId(id: string, bytes: 8 | 16): string {
  if (new RegExp(`^[0-9a-f]{${bytes * 2}}$`, 'i').test(id)) return id.toLowerCase();
  return Buffer.from(id, 'base64').toString('hex');
}

function nanoseconds(time: OtlpTime): bigint {
  if (typeof time === 'object') return (BigInt(time.high >>> 0) << 32n) + BigInt(time.low >>> 0);
  return BigInt(time);
}

const microseconds = (time: OtlpTime) => Number(nanoseconds(time) / 1000n);

function tagOf({ key, value = {} }: OtlpAttribute): JaegerTag {
  if (value.stringValue !== undefined) return { key, type: 'string', value: value.stringValue };
  if (value.boolValue !== undefined) return { key, type: 'bool', value: value.boolValue };
  if (value.intValue !== undefined) return { key, type: 'int64', value: Number(value.intValue) };
  if (value.doubleValue !== undefined) return { key, type: 'float64', value: value.doubleValue };
  return { key, type: 'string', value: JSON.stringify(value.arrayValue ?? value.kvlistValue ?? null) };
}

/** What Jaeger's own OTLP receiver adds from a span's kind and status: span.kind, otel.status_*, and error for a failed span. */
function derivedTags(span: OtlpSpan): JaegerTag[] {
  const tags: JaegerTag[] = [{ key: 'span.kind', type: 'string', value: SPAN_KINDS[span.kind ?? 0] ?? 'internal' }];
  if (span.status?.code === STATUS_ERROR) {
    tags.push({ key: 'error', type: 'bool', value: true }, { key: 'otel.status_code', type: 'string', value: 'ERROR' });
    if (span.status.message) tags.push({ key: 'otel.status_description', type: 'string', value: span.status.message });
  }
  return tags;
}

/**
 * The traces in `requests`, one per trace id, each span under the process
 * (resource: service name and attributes) that sent it. A span sent twice
 * (an exporter's retry) is kept once.
 */
export function jaegerTraces(requests: readonly OtlpExportRequest[]): JaegerTrace[] {
  const traces = new Map<string, JaegerTrace>();
  const processKeys = new Map<string, Map<string, string>>();
  for (const { resourceSpans = [] } of requests) {
    for (const { resource, scopeSpans = [] } of resourceSpans) {
      const resourceTags = (resource?.attributes ?? []).map(tagOf);
      const serviceName = String(resourceTags.find((tag) => tag.key === 'service.name')?.value ?? 'unknown');
      const processTags = resourceTags.filter((tag) => tag.key !== 'service.name');
      const resourceKey = JSON.stringify(resourceTags);
      for (const { scope, spans = [] } of scopeSpans) {
        for (const span of spans) {
          const traceID = hexId(span.traceId, 16);
          const trace = traces.get(traceID) ?? { traceID, spans: [], processes: {}, warnings: null };
          traces.set(traceID, trace);
          const keys = processKeys.get(traceID) ?? new Map<string, string>();
          processKeys.set(traceID, keys);
          let processID = keys.get(resourceKey);
          if (!processID) {
            processID = `p${keys.size + 1}`;
            keys.set(resourceKey, processID);
            trace.processes[processID] = { serviceName, tags: processTags };
          }
          const spanID = hexId(span.spanId, 8);
          if (trace.spans.some((seen) => seen.spanID === spanID)) continue;
          const start = microseconds(span.startTimeUnixNano);
          trace.spans.push({
            traceID,
            spanID,
            operationName: span.name,
            references: [
              ...(span.parentSpanId ? [{ refType: 'CHILD_OF' as const, traceID, spanID: hexId(span.parentSpanId, 8) }] : []),
              ...(span.links ?? []).map((link) => ({ refType: 'FOLLOWS_FROM' as const, traceID: hexId(link.traceId, 16), spanID: hexId(link.spanId, 8) })),
            ],
            flags: 1,
            startTime: start,
            duration: Math.max(0, microseconds(span.endTimeUnixNano) - start),
            tags: [
              ...(span.attributes ?? []).map(tagOf),
              ...(scope?.name ? [{ key: 'otel.scope.name', type: 'string' as const, value: scope.name }] : []),
              ...derivedTags(span),
            ],
            logs: (span.events ?? []).map((event) => ({
              timestamp: microseconds(event.timeUnixNano),
              fields: [{ key: 'event', type: 'string' as const, value: event.name }, ...(event.attributes ?? []).map(tagOf)],
            })),
            processID,
            warnings: null,
          });
        }
      }
    }
  }
  for (const trace of traces.values()) trace.spans.sort((a, b) => a.startTime - b.startTime);
  return [...traces.values()];
}

/** Jaeger's query API answer for one trace. */
export function traceResponse(trace: JaegerTrace): JaegerTraceResponse {
  return { data: [trace], total: 1, limit: 0, offset: 0, errors: null };
}
