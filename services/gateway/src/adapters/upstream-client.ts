import type { ServiceName } from '@planner/contracts';
import { withDeadline } from '@planner/service-kit';
import { probeFromReport, type ServiceProbe } from '../domain/health.js';
import type { OpenApiDocument } from '../domain/openapi.js';

/** GETs a service's JSON document with a time-out (and an abort, when given); resolves with status and body or rejects. */
async function getJson(url: string, timeoutMs: number, abort?: AbortSignal): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { signal: withDeadline(abort, timeoutMs), headers: { accept: 'application/json' } });
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

/** A service's GET /health, as up, degraded (a dependency is down) or down (draining, or no valid answer in time). */
export async function probeService(baseUrl: string, timeoutMs: number, abort?: AbortSignal): Promise<ServiceProbe> {
  const started = performance.now();
  try {
    const { status, body } = await getJson(`${baseUrl}/health`, timeoutMs, abort);
    return probeFromReport(status, body, Math.round(performance.now() - started));
  } catch (error) {
    return { status: 'down', latencyMs: Math.round(performance.now() - started), error: reason(error, timeoutMs) };
  }
}

/** A service's OpenAPI document (the kit serves it at /openapi.json) from the first of its replicas that gives it, or why there is none. */
export async function fetchServiceDocument(
  service: ServiceName,
  baseUrls: readonly string[],
  timeoutMs: number,
): Promise<{ document: OpenApiDocument | null; error?: string }> {
  let error = `${service} has no address`;
  for (const baseUrl of baseUrls) {
    try {
      const { status, body } = await getJson(`${baseUrl}/openapi.json`, timeoutMs);
      if (status === 200 && body && typeof body === 'object') return { document: body as OpenApiDocument };
      error = `${service} answered HTTP ${status}`;
    } catch (failure) {
      error = reason(failure, timeoutMs);
    }
  }
  return { document: null, error };
}
