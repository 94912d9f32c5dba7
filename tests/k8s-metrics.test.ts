import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { baseConfigSchema, createLogger, createServiceMetrics, METRICS_PATH, observeQueueDepth } from '@planner/service-kit';
import { kubectlPath, render, validateAgainstSchema, type Manifest } from './support/k8s.js';
import { readYamlDocuments, repoPath, repoRoot } from './support/repo.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- manifests are plain parsed YAML */
const files = readdirSync(repoPath('k8s/base/services')).filter((file) => file.endsWith('.yaml'));
const deployments = files.flatMap((file) => (readYamlDocuments(`k8s/base/services/${file}`) as any[]).filter((doc) => doc.kind === 'Deployment'));
const config = (readYamlDocuments('k8s/base/config.yaml') as any[]).find((doc) => doc.kind === 'ConfigMap' && doc.metadata.name === 'planner-config');

describe('k8s: metrics (docs/metrics.md)', () => {
  it('serves /metrics on a port of its own in every pod, a valid METRICS_PORT off the services’ ports', () => {
    const port = config?.data?.METRICS_PORT;
    expect(baseConfigSchema.parse({ METRICS_PORT: port }).METRICS_PORT).toBe(9464);
    for (const deployment of deployments) {
      for (const container of deployment.spec.template.spec.containers) {
        expect(container.ports.map((p: any) => String(p.containerPort)), deployment.metadata.name).not.toContain(port);
        expect(container.envFrom.map((source: any) => source.configMapRef?.name), deployment.metadata.name).toContain('planner-config');
      }
    }
  });

  it.each(deployments.map((deployment) => [deployment.metadata.name, deployment]))('%s: its pods ask to be scraped there', (_name, deployment) => {
    expect(deployment.spec.template.metadata.annotations).toEqual({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': config.data.METRICS_PORT,
      'prometheus.io/path': METRICS_PATH,
    });
  });
});

const QUEUE_COMPONENT = 'k8s/components/publish-queue-autoscaling';

/** An overlay with the component added to it, as docs/operations.md#scale enables it, rendered by `kubectl kustomize`. */
function renderWithComponent(kubectl: string, overlay: string, component: string): Manifest[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'planner-overlay-'));
  try {
    // kustomize takes no absolute path: the overlay and the component are named from the temporary folder.
    const fromDir = (relative: string) => path.relative(dir, repoPath(relative));
    const kustomization = { apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', namespace: 'social-planner', resources: [fromDir(overlay)], components: [fromDir(component)] };
    writeFileSync(path.join(dir, 'kustomization.yaml'), stringify(kustomization));
    return render(kubectl, path.relative(repoRoot, dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The series the scheduler exports for its publish queue, as Prometheus scrapes them: `name{labels} value` lines. */
async function publishQueueSeries(): Promise<Array<{ name: string; labels: Record<string, string> }>> {
  const { PUBLISH_QUEUE } = (await import(pathToFileURL(repoPath('services/scheduler/src/commands/publish-queue.ts')).href)) as { PUBLISH_QUEUE: string };
  const metrics = await createServiceMetrics('scheduler', baseConfigSchema.parse({}), createLogger({ service: 'scheduler', level: 'silent', stdout: false }));
  const queue = { name: PUBLISH_QUEUE, getJobCounts: async () => ({ waiting: 7, delayed: 3, active: 1 }) };
  try {
    observeQueueDepth(metrics.meter, queue as unknown as Parameters<typeof observeQueueDepth>[1]);
    const lines = (await metrics.scrape()).split('\n').filter((line) => line && !line.startsWith('#'));
    return lines.map((line) => {
      const [, name, labels] = /^(\w+)\{([^}]*)\}/.exec(line) ?? [];
      return { name: name ?? '', labels: Object.fromEntries([...(labels ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key!, value!])) };
    });
  } finally {
    await metrics.shutdown();
  }
}

interface ExternalRule {
  seriesQuery: string;
  resources?: { overrides?: Record<string, { resource: string }> };
  name?: { matches?: string; as?: string };
  metricsQuery: string;
}

const kubectl = kubectlPath();

describe.runIf(kubectl)(`k8s: the publish workers scaled on queue depth (${QUEUE_COMPONENT})`, () => {
  const prod = kubectl ? render(kubectl, 'k8s/overlays/prod') : [];
  const withQueue = kubectl ? renderWithComponent(kubectl, 'k8s/overlays/prod', QUEUE_COMPONENT) : [];
  const idOf = (m: Manifest) => `${m.kind}/${m.metadata.name}`;
  const hpa = withQueue.find((m) => idOf(m) === 'HorizontalPodAutoscaler/scheduler-worker');
  const external = hpa?.spec?.metrics?.find((m: any) => m.type === 'External')?.external;
  const adapterConfig = parse(withQueue.find((m) => idOf(m) === 'ConfigMap/prometheus-adapter-rules')?.data?.['config.yaml'] ?? '') as { externalRules?: ExternalRule[] } | null;

  it('renders objects that each pass the Kubernetes API schema of their kind', async () => {
    const problems: string[] = [];
    for (const manifest of withQueue) await validateAgainstSchema(manifest).catch((error: Error) => problems.push(`${idOf(manifest)}: ${error.message}`));
    expect(problems).toEqual([]);
    expect(withQueue.every((m) => m.kind === 'Namespace' || m.metadata.namespace === 'social-planner')).toBe(true);
  });

  it("changes only the scheduler-worker autoscaler of the overlay, and adds the adapter's rules", () => {
    const before = new Map(prod.map((m) => [idOf(m), m]));
    const changed = withQueue.filter((m) => JSON.stringify(m) !== JSON.stringify(before.get(idOf(m)))).map(idOf);
    expect(changed.sort()).toEqual(['ConfigMap/prometheus-adapter-rules', 'HorizontalPodAutoscaler/scheduler-worker']);
    expect(withQueue.length).toBe(prod.length + 1);
  });

  it('scales the workers on the waiting publish jobs per pod, an External metric, and still on CPU', () => {
    expect(external?.metric?.name).toBe('queue_jobs');
    expect(external?.metric?.selector?.matchLabels).toEqual({ service_name: 'scheduler', queue: 'publish', state: 'waiting' });
    expect(external?.target?.type).toBe('AverageValue');
    expect(Number(external?.target?.averageValue)).toBeGreaterThan(0);
    const cpu = hpa?.spec?.metrics?.find((m: any) => m.type === 'Resource' && m.resource?.name === 'cpu');
    expect(cpu?.resource?.target).toEqual(prod.find((m) => idOf(m) === 'HorizontalPodAutoscaler/scheduler-worker')?.spec?.metrics?.[0]?.resource?.target);
  });

  it("has the adapter serve that metric, namespaced, from a series the scheduler exports, keeping the selector's labels", async () => {
    expect(Object.keys(adapterConfig ?? {}), 'external rules only: CPU stays with metrics-server').toEqual(['externalRules']);
    const rules = (adapterConfig?.externalRules ?? []).filter((rule) => rule.name?.as === external?.metric?.name);
    expect(rules).toHaveLength(1);
    const rule = rules[0]!;
    const [, seriesName, matchers] = /^(\w+)\{(.*)\}$/.exec(rule.seriesQuery) ?? [];
    expect(new RegExp(rule.name?.matches ?? '.*').test(seriesName ?? '')).toBe(true);
    expect(rule.resources?.overrides?.namespace?.resource, 'the autoscaler reads its own namespace only').toBe('namespace');
    expect(rule.metricsQuery).toContain('<<.Series>>{<<.LabelMatchers>>}');
    // The selector's labels survive the aggregation, or a selector would match nothing.
    const groupedBy = (/by \(([^)]*)\)/.exec(rule.metricsQuery)?.[1] ?? '').split(',').map((label) => label.trim());
    const selector = external?.metric?.selector?.matchLabels ?? {};
    expect(groupedBy).toEqual(expect.arrayContaining(Object.keys(selector)));
    // The scheduler's own series: the selector picks exactly one, and every label the rule asks for but namespace (Prometheus adds it) is on it.
    const series = (await publishQueueSeries()).filter((s) => s.name === seriesName);
    const picked = series.filter((s) => Object.entries(selector).every(([key, value]) => s.labels[key] === value));
    expect(picked, `${seriesName} series: ${JSON.stringify(series)}`).toHaveLength(1);
    const asked = [...(matchers ?? '').matchAll(/(\w+)\s*!?[=~]/g)].map(([, label]) => label!).filter((label) => label !== 'namespace');
    for (const label of asked) expect(picked[0]!.labels, label).toHaveProperty(label);
  });
});
