import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseConfigSchema, METRICS_PATH } from '@planner/service-kit';
import { readYamlDocuments, repoPath } from './support/repo.js';

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
