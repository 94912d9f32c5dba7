import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { environmentOf, loadCompose } from './support/compose.js';
import { allServices, loadConfigSchema, readYaml, readYamlDocuments, repoPath, requiredKeys, SERVICE_PORTS } from './support/repo.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- manifests are plain parsed YAML */
type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; spec?: any; data?: any; stringData?: any };
interface Kustomization {
  resources?: string[];
  patches?: Array<{ path?: string; patch?: string }>;
  images?: Array<{ name: string }>;
}

const services = allServices();

/** Every kustomization.yaml under k8s/ (base and overlays), relative to the repo. */
function kustomizations(dir = 'k8s'): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(repoPath(dir))) {
    const relative = path.posix.join(dir, entry);
    if (statSync(repoPath(relative)).isDirectory()) found.push(...kustomizations(relative));
    else if (entry === 'kustomization.yaml') found.push(relative);
  }
  return found;
}

/** The manifests a kustomization builds from files (nested kustomizations followed, patches not applied). */
function manifestsOf(kustomizationFile: string): Manifest[] {
  const dir = path.posix.dirname(kustomizationFile);
  const k = readYaml<Kustomization>(kustomizationFile);
  return (k.resources ?? []).flatMap((resource) => {
    const target = path.posix.normalize(path.posix.join(dir, resource));
    if (statSync(repoPath(target)).isDirectory()) return manifestsOf(path.posix.join(target, 'kustomization.yaml'));
    return readYamlDocuments(target) as Manifest[];
  });
}

const base = existsSync(repoPath('k8s/base/kustomization.yaml')) ? manifestsOf('k8s/base/kustomization.yaml') : [];
const find = (kind: string, name: string) => base.find((m) => m.kind === kind && m.metadata?.name === name);
const containerOf = (name: string) => find('Deployment', name)?.spec?.template?.spec?.containers?.[0];

describe('k8s kustomizations', () => {
  it('has a base kustomization', () => {
    expect(existsSync(repoPath('k8s/base/kustomization.yaml'))).toBe(true);
  });

  for (const file of kustomizations()) {
    it(`${file}: every resource and patch file exists and parses`, () => {
      const dir = path.posix.dirname(file);
      const k = readYaml<Kustomization>(file);
      expect(k.resources?.length ?? 0, 'resources').toBeGreaterThan(0);
      for (const resource of k.resources ?? []) {
        const target = repoPath(dir, resource);
        expect(existsSync(target), `${file}: resource ${resource} does not exist`).toBe(true);
        if (statSync(target).isDirectory()) {
          expect(existsSync(path.join(target, 'kustomization.yaml')), `${resource}/kustomization.yaml`).toBe(true);
        } else {
          for (const doc of readYamlDocuments(path.posix.join(dir, resource)) as Manifest[]) {
            expect(doc.apiVersion && doc.kind && doc.metadata?.name, `${resource}: apiVersion, kind, metadata.name`).toBeTruthy();
          }
        }
      }
      for (const patch of k.patches ?? []) {
        if (patch.path) expect(existsSync(repoPath(dir, patch.path)), `${file}: patch ${patch.path}`).toBe(true);
      }
    });
  }
});

describe('k8s base', () => {
  it("runs the scheduler's publish workers apart from its API, autoscaled, on the same image", () => {
    const role = (name: string) => containerOf(name)?.env?.find((e: any) => e.name === 'SCHEDULER_ROLE')?.value;
    expect([role('scheduler'), role('scheduler-worker')]).toEqual(['api', 'worker']);
    expect(containerOf('scheduler-worker')?.image).toBe(containerOf('scheduler')?.image);
    expect(base.find((m) => m.kind === 'HorizontalPodAutoscaler' && m.spec?.scaleTargetRef?.name === 'scheduler-worker')?.spec?.minReplicas).toBeGreaterThanOrEqual(2);
    expect(find('Service', 'scheduler-worker')).toBeUndefined();
  });

  it('has no two resources with the same kind and name', () => {
    const ids = base.map((m) => `${m.kind}/${m.metadata.name}`);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  for (const name of services) {
    describe(name, () => {
      it('has a Deployment and a Service', () => {
        expect(find('Deployment', name), `Deployment ${name}`).toBeDefined();
        expect(find('Service', name), `Service ${name}`).toBeDefined();
      });

      it('exposes its fixed port through the Service, with the Deployment selected by it', () => {
        const port = SERVICE_PORTS[name];
        const service = find('Service', name);
        const deployment = find('Deployment', name);
        const container = containerOf(name);
        expect(service?.spec?.ports?.[0]?.port).toBe(port);
        expect(container?.ports?.[0]?.containerPort).toBe(port);
        const selector = service?.spec?.selector ?? {};
        const labels = deployment?.spec?.template?.metadata?.labels ?? {};
        expect(Object.keys(selector).length).toBeGreaterThan(0);
        for (const [key, value] of Object.entries(selector)) expect(labels[key], `pod label ${key}`).toBe(value);
        const env = Object.fromEntries((container?.env ?? []).map((e: any) => [e.name, e.value]));
        expect(env.PORT).toBe(String(port));
      });

      it('is ready on /health (its dependencies) and alive on /health/live (the process)', () => {
        const container = containerOf(name);
        expect(container?.readinessProbe?.httpGet?.path).toBe('/health');
        expect(container?.livenessProbe?.httpGet?.path).toBe('/health/live');
      });

      it('is autoscaled and runs more than one replica', () => {
        const hpa = base.find((m) => m.kind === 'HorizontalPodAutoscaler' && m.spec?.scaleTargetRef?.name === name);
        expect(hpa, `HorizontalPodAutoscaler for ${name}`).toBeDefined();
        expect(hpa?.spec?.scaleTargetRef?.kind).toBe('Deployment');
        expect(hpa?.spec?.minReplicas).toBeGreaterThanOrEqual(2);
        expect(hpa?.spec?.maxReplicas).toBeGreaterThan(hpa?.spec?.minReplicas);
      });

      it('uses the image docker-compose.yml builds', () => {
        const composeImage = loadCompose().services[name]?.image?.split(':')[0];
        expect(containerOf(name)?.image?.split(':')[0]).toBe(composeImage);
      });

      it('runs Node with the NODE_OPTIONS docker-compose.yml gives it (posts: a small young generation)', () => {
        const composeValue = environmentOf(loadCompose().services[name]!).NODE_OPTIONS;
        expect(containerOf(name)?.env?.find((e: any) => e.name === 'NODE_OPTIONS')?.value).toBe(composeValue);
      });

      it('receives every required key of its configSchema', async () => {
        const container = containerOf(name);
        const keys = new Set<string>((container?.env ?? []).map((e: any) => e.name));
        for (const source of container?.envFrom ?? []) {
          const ref = source.configMapRef ?? source.secretRef;
          const kind = source.configMapRef ? 'ConfigMap' : 'Secret';
          const resource = find(kind, ref?.name);
          if (!resource) {
            expect(ref?.optional, `${kind} ${ref?.name} is referenced but not in the base`).toBe(true);
            continue;
          }
          for (const key of Object.keys({ ...resource.data, ...resource.stringData })) keys.add(key);
        }
        for (const e of container?.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef ?? e.valueFrom?.configMapKeyRef;
          if (!ref) continue;
          const resource = find(e.valueFrom.secretKeyRef ? 'Secret' : 'ConfigMap', ref.name);
          expect({ ...resource?.data, ...resource?.stringData }, `${e.name} <- ${ref.name}.${ref.key}`).toHaveProperty(ref.key);
        }
        const schema = await loadConfigSchema(name);
        const missing = requiredKeys(schema).filter((key) => !keys.has(key));
        expect(missing, `${name}: required env missing from its Deployment`).toEqual([]);
      });
    });
  }

  it('shares NATS_URL, JWKS_URL and the other common settings in a ConfigMap', () => {
    const config = find('ConfigMap', 'planner-config');
    expect(config?.data?.NATS_URL).toBe('nats://nats:4222');
    expect(config?.data?.JWKS_URL).toBe('http://auth:4001/.well-known/jwks.json');
    for (const key of ['NODE_ENV', 'HOST', 'LOG_DIR', 'LOG_LEVEL']) expect(config?.data, key).toHaveProperty(key);
  });

  it('keeps credentials in a Secret template', () => {
    const secret = find('Secret', 'planner-secrets');
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD']) {
      expect(secret?.stringData ?? secret?.data, key).toHaveProperty(key);
    }
  });

  it('references managed Postgres and Redis by ExternalName services', () => {
    for (const name of ['postgres', 'redis']) {
      const service = find('Service', name);
      expect(service?.spec?.type, name).toBe('ExternalName');
      expect(service?.spec?.externalName, name).toBeTruthy();
    }
  });

  it('runs NATS as a 3-member JetStream cluster behind a headless service', () => {
    const sts = find('StatefulSet', 'nats');
    expect(sts?.spec?.replicas).toBe(3);
    const headless = find('Service', sts?.spec?.serviceName);
    expect(headless?.spec?.clusterIP).toBe('None');
    expect(find('Service', 'nats')?.spec?.ports?.[0]?.port).toBe(4222);
    const conf: string = find('ConfigMap', 'nats-config')?.data?.['nats.conf'] ?? '';
    expect(conf).toMatch(/jetstream\s*\{/);
    for (const i of [0, 1, 2]) expect(conf).toContain(`nats://nats-${i}.${headless?.spec?.name ?? sts?.spec?.serviceName}:6222`);
    expect(sts?.spec?.volumeClaimTemplates?.length).toBeGreaterThan(0);
  });

  it('routes the Ingress to the gateway', () => {
    const ingress = base.find((m) => m.kind === 'Ingress');
    const backend = ingress?.spec?.rules?.[0]?.http?.paths?.[0]?.backend?.service;
    expect(backend?.name).toBe('gateway');
  });
});
