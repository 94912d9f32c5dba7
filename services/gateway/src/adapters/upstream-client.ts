import type { ServiceName } from '@planner/contracts';
import { probeFromReport, type ServiceProbe } from '../domain/health.js';
import type { OpenApiDocument } from '../domain/openapi.js';

/** GETs a service's JSON document with a time-out; resolves with status and body or rejects. */
async function getJson(url: string, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body };
}

function reason(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  return e.cause?.code ?? e.cause?.message ?? e.message ?? String(error);
}

/** A service's GET /health, as up, degraded (a dependency is down) or down (no valid answer in time). */
export async function probeService(baseUrl: string, timeoutMs: number): Promise<ServiceProbe> {
  const started = performance.now();
  try {
    const { status, body } = await getJson(`${baseUrl}/health`, timeoutMs);
    return probeFromReport(status, body, Math.round(performance.now() - started));
  } catch (error) {
    return { status: 'down', latencyMs: Math.round(performance.now() - started), error: reason(error, timeoutMs) };
  }
}

/** A service's OpenAPI document (the kit serves it at /openapi.json), or why there is none. */
export async function fetchServiceDocument(
  service: ServiceName,
  baseUrl: string,
  timeoutMs: number,
): Promise<{ document: OpenApiDocument | null; error?: string }> {
  try {
    const { status, body } = await getJson(`${baseUrl}/openapi.json`, timeoutMs);
    if (status !== 200 || !body || typeof body !== 'object') return { document: null, error: `${service} answered HTTP ${status}` };
    return { document: body as OpenApiDocument };
  } catch (error) {
    return { document: null, error: reason(error, timeoutMs) };
  }
}
