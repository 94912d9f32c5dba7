import type { tracing } from '@opentelemetry/sdk-node';
import { startTracing } from '../tracing.js';

export interface RecordedSpans {
  /** The spans ended so far, in the order they ended. */
  finished(): Promise<tracing.ReadableSpan[]>;
}

/**
 * Starts tracing in this process with every span kept in memory, as the
 * collector would receive them: the spans of the test's code and of the
 * services it runs in-process. Call it before any service starts (tracing
 * starts once per process).
 */
export async function recordSpans(serviceName: string): Promise<RecordedSpans> {
  const { tracing } = await import('@opentelemetry/sdk-node');
  const exporter = new tracing.InMemorySpanExporter();
  const processor = new tracing.SimpleSpanProcessor(exporter);
  await startTracing({ serviceName, spanProcessors: [processor] });
  return {
    finished: async () => {
      await processor.forceFlush();
      return exporter.getFinishedSpans();
    },
  };
}
