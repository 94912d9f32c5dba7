/**
 * A local stand-in for the OpenTelemetry collector and Jaeger's query
 * service, for one machine without Docker: it takes the services' OTLP/HTTP
 * JSON exports on /v1/traces (appending each to a JSON-lines file), answers
 * Jaeger's query API for a trace (/api/traces/{id}) from what it received,
 * and, given a built Jaeger UI, serves it, so the UI's trace page opens
 * directly on a trace.
 */
import { createReadStream, appendFileSync, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { jaegerTraces, traceResponse, type JaegerTrace, type OtlpExportRequest } from './jaeger-trace.js';

export interface TraceReceiver {
  url: string;
  /** The export requests received so far, in order. */
  requests: OtlpExportRequest[];
  close: () => Promise<void>;
}

export interface TraceReceiverOptions {
  port?: number;
  /** Each export request is appended here as one JSON line. */
  file?: string;
  /** A Jaeger UI build (its index.html and static/) to serve; the UI routes (/trace/{id}, /search) get its index.html. */
  uiDir?: string;
  /** Traces served besides the received ones (a capture read back from its Jaeger JSON). */
  traces?: readonly JaegerTrace[];
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A file of the UI build, or its index.html for the UI's own routes; null outside the build. */
function uiFile(uiDir: string, urlPath: string): string | null {
  const file = path.resolve(uiDir, `.${decodeURIComponent(urlPath)}`);
  if (!file.startsWith(path.resolve(uiDir))) return null;
  if (existsSync(file) && statSync(file).isFile()) return file;
  // Assets are asked for under the page's <base> (/trace/static/...): the same files.
  const asset = /\/(static\/.+|favicon\.ico)$/.exec(urlPath);
  if (asset && existsSync(path.join(uiDir, asset[1]!))) return path.join(uiDir, asset[1]!);
  return path.join(uiDir, 'index.html');
}

export function startTraceReceiver({ port = 0, file, uiDir, traces = [] }: TraceReceiverOptions = {}): Promise<TraceReceiver> {
  const requests: OtlpExportRequest[] = [];
  const allTraces = () => [...traces, ...jaegerTraces(requests)];
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (request.method === 'POST' && url.pathname === '/v1/traces') {
        if (!request.headers['content-type']?.startsWith('application/json')) {
          // The services must export OTLP/JSON (OTEL_EXPORTER_OTLP_PROTOCOL=http/json): say so rather than drop spans.
          return sendJson(response, 415, { message: 'send OTLP/JSON (OTEL_EXPORTER_OTLP_PROTOCOL=http/json)' });
        }
        const text = (await bodyOf(request)).toString('utf8');
        requests.push(JSON.parse(text) as OtlpExportRequest);
        if (file) appendFileSync(file, `${text.replace(/\n/g, ' ')}\n`);
        return sendJson(response, 200, { partialSuccess: {} });
      }
      const traceId = /^\/api\/traces\/([0-9a-f]{32})$/i.exec(url.pathname)?.[1]?.toLowerCase();
      if (traceId) {
        const trace = allTraces().find((found) => found.traceID === traceId);
        return trace ? sendJson(response, 200, traceResponse(trace)) : sendJson(response, 404, { data: null, errors: [{ code: 404, msg: 'trace not found' }] });
      }
      if (url.pathname === '/api/services') {
        const services = new Set(allTraces().flatMap((trace) => Object.values(trace.processes).map((p) => p.serviceName)));
        return sendJson(response, 200, { data: [...services].sort(), total: services.size, limit: 0, offset: 0, errors: null });
      }
      const served = uiDir && !url.pathname.startsWith('/api/') ? uiFile(uiDir, url.pathname) : null;
      if (!served) return sendJson(response, 404, { message: 'not found' });
      response.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(served)] ?? 'application/octet-stream' });
      createReadStream(served).pipe(response);
    })().catch((error: unknown) => sendJson(response, 400, { message: (error as Error).message }));
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        requests,
        close: () => new Promise((closed) => server.close(() => closed())),
      });
    });
  });
}
