import { describe, expect, it } from 'vitest';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { HistogramMetricData, SumMetricData } from '@opentelemetry/sdk-metrics';
import { RequestMetrics } from '../src/request-metrics.js';

const collected = async (metrics: RequestMetrics) => {
  const [scope] = (await metrics.collect()).resourceMetrics.scopeMetrics;
  const byName = new Map(scope!.metrics.map((metric) => [metric.descriptor.name, metric]));
  return {
    requests: byName.get('http_server_requests') as SumMetricData,
    errors: byName.get('http_server_errors') as SumMetricData,
    duration: byName.get('http_server_request_duration_seconds') as HistogramMetricData,
  };
};

describe('request metrics', () => {
  it('keeps one series per method, route, status class and upstream, with its count, errors and latency buckets', async () => {
    const metrics = new RequestMetrics(resourceFromAttributes({}));
    // A bound belongs to its bucket (le): 0.005 in the first, 0.0051 in the second; past the last bound, the overflow bucket.
    for (const seconds of [0.005, 0.0051, 11]) metrics.record({ method: 'GET', route: '/posts/:id', statusCode: 200, seconds });
    metrics.record({ method: 'GET', route: '/posts/:id', statusCode: 204, seconds: 0.2 });
    metrics.record({ method: 'GET', route: '/posts/:id', statusCode: 503, seconds: 1 });
    metrics.record({ method: 'GET', route: '/api/posts/*', statusCode: 503, seconds: 1, upstream: 'posts' });

    const { requests, errors, duration } = await collected(metrics);
    expect(requests.isMonotonic).toBe(true);
    expect(requests.dataPoints.map((point) => [point.attributes, point.value])).toEqual([
      [{ method: 'GET', route: '/posts/:id', status_class: '2xx' }, 4],
      [{ method: 'GET', route: '/posts/:id', status_class: '5xx' }, 1],
      [{ method: 'GET', route: '/api/posts/*', status_class: '5xx', upstream: 'posts' }, 1],
    ]);
    expect(errors.dataPoints.map((point) => point.value)).toEqual([1, 1]);
    const ok = duration.dataPoints[0]!.value;
    expect(ok.buckets.boundaries[0]).toBe(0.005);
    expect(ok.buckets.counts).toEqual([1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ok).toMatchObject({ count: 4, min: 0.005, max: 11 });
    expect(ok.sum).toBeCloseTo(11.2101, 6);
  });

  it('hands out a copy: what is recorded after a collection is not in it', async () => {
    const metrics = new RequestMetrics(resourceFromAttributes({}));
    metrics.record({ method: 'POST', route: '/posts', statusCode: 201, seconds: 0.01 });
    const first = await collected(metrics);
    metrics.record({ method: 'POST', route: '/posts', statusCode: 201, seconds: 0.01 });
    expect(first.duration.dataPoints[0]!.value.buckets.counts[1]).toBe(1);
    expect((await collected(metrics)).requests.dataPoints[0]!.value).toBe(2);
  });
});
