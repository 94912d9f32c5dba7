/**
 * The trace of one scheduled post in Jaeger's UI (issue 20), without Docker:
 * captures it from the running product (capture.ts), writes it as Jaeger
 * JSON to bench/results/trace/, and, with JAEGER_UI_BUILD naming a Jaeger UI
 * build, screenshots its trace page (view.ts). TRACE_JSON=<file> skips the
 * capture and shows a trace written before; TRACE_LEAD_SECONDS (8; 4 with
 * BENCH_SMOKE=1, for `npm test`) is how far ahead the post is scheduled.
 * docs/tracing.md tells the rest.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run } from '../lib.js';
import { capturePublishTrace, missingSteps } from './capture.js';
import { traceResponse, type JaegerTrace, type JaegerTraceResponse } from './jaeger-trace.js';
import { screenshotTrace } from './view.js';

const benchDir = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(benchDir, 'results', 'trace');
const screenshot = process.env.TRACE_SCREENSHOT ?? path.join(benchDir, '..', 'docs', 'screenshots', 'trace-scheduled-post.png');

function describe(trace: JaegerTrace): string {
  const services = new Map<string, number>();
  for (const span of trace.spans) {
    const name = trace.processes[span.processID]!.serviceName;
    services.set(name, (services.get(name) ?? 0) + 1);
  }
  const first = trace.spans[0]!.startTime;
  const last = Math.max(...trace.spans.map((span) => span.startTime + span.duration));
  return `${trace.spans.length} spans over ${((last - first) / 1e6).toFixed(2)} s: ${[...services].map(([name, count]) => `${name} ${count}`).join(', ')}`;
}

async function captured(): Promise<JaegerTrace> {
  if (process.env.TRACE_JSON) return (JSON.parse(readFileSync(process.env.TRACE_JSON, 'utf8')) as JaegerTraceResponse).data[0]!;
  const capture = await capturePublishTrace(resultsDir);
  const file = path.join(resultsDir, `trace-${capture.traceId}.json`);
  writeFileSync(file, JSON.stringify(traceResponse(capture.trace), null, 2));
  process.stdout.write(
    `post ${capture.postId} published ${(capture.publishedAfterMs / 1000).toFixed(1)} s after it was scheduled\n` +
      `${capture.traceCount} traces exported in the run; the post's written to ${file}\n`,
  );
  return capture.trace;
}

run(async () => {
  const trace = await captured();
  process.stdout.write(`trace ${trace.traceID}: ${describe(trace)}\n`);
  const missing = missingSteps(trace);
  if (missing.length > 0) throw new Error(`the trace is broken: it lacks ${missing.join('; ')}`);
  process.stdout.write('every step from the request to the publication is in the one trace\n');
  const uiDir = process.env.JAEGER_UI_BUILD;
  if (!uiDir) {
    process.stdout.write('JAEGER_UI_BUILD unset: no screenshot (docs/tracing.md says how to build the UI)\n');
    return;
  }
  await screenshotTrace(trace, { uiDir, file: screenshot });
  process.stdout.write(`screenshot: ${screenshot}\n`);
});
