import { METRICS_CONTENT_TYPE, METRICS_PATH } from '../metrics.js';

/** One line of the Prometheus text format: a series and its value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a Prometheus text exposition (comments skipped). */
export function parseMetrics(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = SAMPLE.exec(line);
    if (!match) return [];
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map(([, key, value]) => [key!, value!.replace(/\\(.)/g, '$1')]));
    return [{ name: match[1]!, labels, value: Number(match[3]) }];
  });
}

/** The sum of the samples of `name` whose labels include `labels`; undefined when there is none. */
export function metricValue(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const matching = samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  return matching.length === 0 ? undefined : matching.reduce((sum, sample) => sum + sample.value, 0);
}

/**
 * GET /metrics of a service (its base URL, or its app answering through
 * inject), parsed; fails unless it answers 200 in the Prometheus text format.
 */
export async function scrapeMetrics(target: string | { inject: (request: { method: 'GET'; url: string }) => PromiseLike<{ statusCode: number; headers: Record<string, unknown>; body: string }> }): Promise<Sample[]> {
  const answer =
    typeof target === 'string'
      ? await fetch(`${target}${METRICS_PATH}`).then(async (response) => ({ statusCode: response.status, contentType: response.headers.get('content-type'), body: await response.text() }))
      : await target.inject({ method: 'GET', url: METRICS_PATH }).then((response) => ({ statusCode: response.statusCode, contentType: response.headers['content-type'], body: response.body }));
  if (answer.statusCode !== 200 || answer.contentType !== METRICS_CONTENT_TYPE) {
    throw new Error(`GET ${METRICS_PATH} answered ${answer.statusCode} (${String(answer.contentType)}): ${answer.body.slice(0, 200)}`);
  }
  return parseMetrics(answer.body);
}
