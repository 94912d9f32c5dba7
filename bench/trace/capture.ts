/**
 * One scheduled post through the whole product (`npm start`, the e2e tests'
 * startSystem) with every service exporting its spans to the local receiver:
 * a Professional user with a LinkedIn Sandbox connection schedules a post a
 * few seconds ahead through the gateway, the scheduler's worker publishes it
 * into the Sandbox feed, posts marks it published. The trace of the
 * scheduling request is then picked from what the services exported.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, paidUserWithOrganization } from '@planner/frontend-e2e/paid-user';
import { startSystem } from '@planner/frontend-e2e/system';
import { waitFor } from '@planner/service-kit/testing';
import { setting } from '../lib.js';
import { jaegerTraces, type JaegerTrace } from './jaeger-trace.js';
import { startTraceReceiver } from './receiver.js';

/** How far ahead the post is scheduled: past the request's own work, so the publish job waits in the delayed queue. */
const LEAD_MS = setting('TRACE_LEAD_SECONDS', 8, 4) * 1000;
/** A few export batches (OTEL_BSP_SCHEDULE_DELAY below): spans ended just before the last step's arrive by then. */
const EXPORT_SETTLE_MS = 2_000;
/** The steps the trace must hold, each an operation of a service; a step missing means the trace broke there. */
export const EXPECTED_STEPS: ReadonlyArray<{ service: string; operation: RegExp; what: string }> = [
  { service: 'gateway', operation: /^POST \/api\//, what: 'the request at the gateway' },
  { service: 'posts', operation: /^POST \/schedule_post\/later$/, what: 'the request in posts' },
  { service: 'posts', operation: /^publish posts\.post\.publish_requested$/, what: "posts' publish request on NATS" },
  { service: 'scheduler', operation: /^consume posts\.post\.publish_requested$/, what: 'the scheduler consuming it' },
  { service: 'scheduler', operation: /^publish job$/, what: "the scheduler's publish job (BullMQ worker)" },
  { service: 'scheduler', operation: /^POST LinkedIn Sandbox$/, what: "the worker's call to the Sandbox feed" },
  { service: 'scheduler', operation: /^Sandbox feed post$/, what: 'the Sandbox feed taking the post' },
  { service: 'scheduler', operation: /^publish scheduler\.post\.published$/, what: 'the outcome event on NATS' },
  { service: 'posts', operation: /^consume scheduler\.post\.published$/, what: 'posts marking the post published' },
];

/** The expected steps `trace` lacks. */
export function missingSteps(trace: JaegerTrace): string[] {
  return EXPECTED_STEPS.filter(
    ({ service, operation }) => !trace.spans.some((span) => trace.processes[span.processID]?.serviceName === service && operation.test(span.operationName)),
  ).map(({ service, what }) => `${what} (${service})`);
}

export interface Capture {
  traceId: string;
  trace: JaegerTrace;
  /** Every trace the run exported (the user's registration, checkout and so on besides). */
  traceCount: number;
  postId: string;
  publishedAfterMs: number;
}

export async function capturePublishTrace(resultsDir: string): Promise<Capture> {
  mkdirSync(resultsDir, { recursive: true });
  const exportFile = path.join(resultsDir, 'otlp-export.jsonl');
  rmSync(exportFile, { force: true });
  const receiver = await startTraceReceiver({ file: exportFile });
  process.stdout.write(`OTLP/JSON receiver on ${receiver.url}; exports appended to ${exportFile}\nstarting the product (npm start)...\n`);
  const noFrontend = mkdtempSync(path.join(os.tmpdir(), 'planner-trace-no-frontend-'));
  const system = await startSystem({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    // The batch processor's wait before an export (5 s by default): spans arrive soon after their work.
    OTEL_BSP_SCHEDULE_DELAY: '500',
    // The trace needs the API only: a folder without index.html spares npm start the frontend's build.
    FRONTEND_DIST: noFrontend,
  });
  try {
    const owner = await paidUserWithOrganization(system, { prefix: 'trace', organization: 'Trace Bakery' });
    await api(system, 'POST', '/oauth/linkedin/sandbox', { organization_id: owner.organizationId }, owner.token);

    const form = new FormData();
    form.append('organization_id', owner.organizationId);
    form.append('platforms', 'LinkedIn');
    form.append('content', 'Fresh sourdough from 7 am, traced from the request to the feed.');
    form.append('media_type', 'text');
    form.append('scheduled_time', new Date(Date.now() + LEAD_MS).toISOString());
    const scheduledAt = Date.now();
    const response = await fetch(`${system.url}/api/schedule_post/later`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
    if (response.status !== 201) throw new Error(`schedule_post/later: ${response.status} ${await response.text()}`);
    const traceId = response.headers.get('x-trace-id');
    if (!traceId) throw new Error('the gateway answered without x-trace-id');
    const postId = ((await response.json()) as { post: { id: string } }).post.id;
    process.stdout.write(`post ${postId} scheduled ${LEAD_MS / 1000} s ahead in trace ${traceId}; waiting for its publication...\n`);

    await waitFor(() => api<{ status: string }>(system, 'GET', `/posts/${postId}`, undefined, owner.token), (post) => post.status === 'published', 60_000);
    const publishedAfterMs = Date.now() - scheduledAt;
    // The last spans leave with the next export batch: wait until the trace holds every step, then for stragglers.
    const traceOf = () => jaegerTraces(receiver.requests).find((candidate) => candidate.traceID === traceId);
    await waitFor(traceOf, (found) => found !== undefined && missingSteps(found).length === 0, 15_000).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, EXPORT_SETTLE_MS));
    const trace = traceOf();
    if (!trace) throw new Error(`no span of trace ${traceId} was exported`);
    return { traceId, trace, traceCount: jaegerTraces(receiver.requests).length, postId, publishedAfterMs };
  } finally {
    await system.stop();
    await receiver.close();
    rmSync(noFrontend, { recursive: true, force: true });
  }
}
