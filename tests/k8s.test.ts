/**
 * The Kubernetes manifests as an apply would send them: every overlay under k8s/overlays is
 * rendered with `kubectl kustomize`, each object is checked against the Kubernetes API schema of
 * its kind (kubernetes-models), and the rules of docs/operations.md hold: every service present
 * and autoscaled, probes, pinned images, no credential in the repository, limits everywhere,
 * non-root containers on a read-only root filesystem.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { environmentOf, loadCompose } from './support/compose.js';
import { containersOf, exampleSecretKeys, kubectlPath, overlays, podSpecOf, render, unknownFields, validateAgainstSchema, WORKLOAD_KINDS, type Container, type Manifest } from './support/k8s.js';
import { allServices, generationTimeoutMs, loadConfigSchema, readText, repoPath, requiredKeys, SERVICE_PORTS } from './support/repo.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- manifests are plain parsed YAML */
const kubectl = kubectlPath();
const services = allServices();
/** Every Deployment of the product: the services, and the scheduler's publish workers apart from its API. */
const deployments = [...services, 'scheduler-worker'];
/** Services with their own schema (a `database` in their definition): the migration Job runs each one's dist/migrate.js. */
const databaseServices = services.filter((name) => /^\s+database:/m.test(readText(`services/${name}/src/service.ts`)));
const MIGRATIONS = 'k8s/overlays/prod/migrations';

/** Names that say a value is a credential. */
const SECRET_NAME = /PASSWORD|SECRET|TOKEN|_KEY($|_)|PRIVATE|CREDENTIAL|AUTH$/i;
const decode = (value: string) => Buffer.from(value, 'base64').toString('utf8');
const hasPassword = (value: string) => /^[a-z][a-z0-9+.-]*:\/\/[^/@\s]*:[^/@\s]+@/i.test(value);

/** Where a rendered overlay carries a credential in plain text: Secrets, ConfigMaps and literal env values. */
function plaintextSecrets(manifests: Manifest[]): string[] {
  const found: string[] = [];
  const check = (where: string, name: string, value: string | undefined) => {
    if (!value) return;
    if (SECRET_NAME.test(name) || hasPassword(value)) found.push(`${where}: ${name}`);
  };
  for (const m of manifests) {
    const where = `${m.kind}/${m.metadata.name}`;
    for (const [key, value] of Object.entries(m.stringData ?? {})) check(where, key, value);
    for (const [key, value] of Object.entries(m.data ?? {})) check(where, key, m.kind === 'Secret' ? decode(value) : value);
    if (WORKLOAD_KINDS.includes(m.kind)) for (const c of containersOf(m)) for (const e of c.env ?? []) check(`${where} ${c.name}`, e.name, e.value);
  }
  return found;
}

/**
 * Time a pod has, after the requests' time-out, to stop its jobs (a publish under way finishes)
 * and release its connections before the kubelet kills it.
 */
const JOBS_STOP_MS = 5000;

/** A container's SHUTDOWN_* settings: its own env first, then planner-config; NaN when neither sets one (no kit default counts). */
function shutdownSettings(container: Container, config: Record<string, string>): { drainMs: number; timeoutMs: number } {
  const setting = (key: string) => Number(container.env?.find((e) => e.name === key)?.value ?? config[key]);
  return { drainMs: setting('SHUTDOWN_DRAIN_DELAY_MS'), timeoutMs: setting('SHUTDOWN_TIMEOUT_MS') };
}

/** The image's tag (after the last colon of its last path segment), or undefined when it names none. */
function tagOf(image: string): string | undefined {
  if (image.includes('@sha256:')) return image.split('@')[1];
  const last = image.split('/').at(-1)!;
  return last.includes(':') ? last.split(':')[1] : undefined;
}

if (!kubectl) {
  describe('k8s overlays', () => {
    // A developer's machine may lack kubectl; CI must not pass without having checked the overlays.
    it.skipIf(!process.env.CI)('kubectl is installed, to render the overlays with its built-in kustomize (not found on PATH)', () => {
      expect.fail('kubectl is not on PATH: the k8s overlays cannot be rendered or checked');
    });
  });
}

describe.runIf(kubectl)('k8s overlays', () => {
  const rendered = new Map(kubectl ? overlays().map((overlay) => [overlay, render(kubectl, overlay)]) : []);
  const appOverlays = [...rendered.keys()].filter((overlay) => overlay !== MIGRATIONS);
  const prodOverlays = [...rendered.keys()].filter((overlay) => overlay.startsWith('k8s/overlays/prod'));

  it('renders dev, prod, prod-in-cluster and the migration Job', () => {
    expect([...rendered.keys()]).toEqual(['k8s/overlays/dev', 'k8s/overlays/prod', MIGRATIONS, 'k8s/overlays/prod-in-cluster']);
  });

  for (const [overlay, manifests] of rendered) {
    describe(overlay, () => {
      const workloads = manifests.filter((m) => WORKLOAD_KINDS.includes(m.kind));
      const containers = workloads.flatMap((w) => containersOf(w).map((c) => ({ where: `${w.kind}/${w.metadata.name} ${c.name}`, workload: w, container: c })));

      it('has objects that each pass the Kubernetes API schema of their kind', async () => {
        expect(manifests.length).toBeGreaterThan(0);
        const problems: string[] = [];
        for (const manifest of manifests) {
          await validateAgainstSchema(manifest).catch((error: Error) => problems.push(`${manifest.kind}/${manifest.metadata?.name}: ${error.message}`));
        }
        expect(problems).toEqual([]);
      });

      it('has no field its kind does not know (a misspelled field would be dropped by the API server)', () => {
        expect(unknownFields(manifests)).toEqual([]);
      });

      it('has no two objects of the same kind and name, all in the social-planner namespace', () => {
        const ids = manifests.map((m) => `${m.kind}/${m.metadata.name}`);
        expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
        for (const m of manifests.filter((m) => m.kind !== 'Namespace')) expect(m.metadata.namespace, `${m.kind}/${m.metadata.name}`).toBe('social-planner');
      });

      it('pins every image to a tag or digest, never latest', () => {
        for (const { where, container } of containers) {
          const tag = tagOf(container.image);
          expect(tag, `${where}: ${container.image} names no tag`).toBeTruthy();
          expect(tag, `${where}: ${container.image}`).not.toBe('latest');
        }
      });

      it('commits no credential: no Secret, ConfigMap or env value holds a password, key or token', () => {
        expect(plaintextSecrets(manifests)).toEqual([]);
      });

      it('sets resource requests and limits (CPU and memory) on every container', () => {
        for (const { where, container } of containers) {
          for (const kind of ['requests', 'limits'] as const) {
            for (const resource of ['cpu', 'memory']) expect(container.resources?.[kind]?.[resource], `${where}: ${kind}.${resource}`).toBeTruthy();
          }
        }
      });

      it('runs every container as non-root, on a read-only root filesystem, without privilege escalation', () => {
        for (const { where, workload, container } of containers) {
          const pod = podSpecOf(workload).securityContext ?? {};
          const own = container.securityContext ?? {};
          expect(own.runAsNonRoot ?? pod.runAsNonRoot, `${where}: runAsNonRoot`).toBe(true);
          expect(own.runAsUser ?? pod.runAsUser, `${where}: runAsUser`).toBeGreaterThan(0);
          expect(own.readOnlyRootFilesystem, `${where}: readOnlyRootFilesystem`).toBe(true);
          expect(own.allowPrivilegeEscalation, `${where}: allowPrivilegeEscalation`).toBe(false);
          expect(own.capabilities?.drop, `${where}: capabilities.drop`).toContain('ALL');
        }
      });

      it('gives every long-running container startup, readiness and liveness probes', () => {
        for (const { where, workload, container } of containers.filter(({ workload }) => workload.kind !== 'Job')) {
          for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe'] as const) expect(container[probe], `${where}: ${probe}`).toBeTruthy();
          if (workload.kind === 'Deployment') {
            expect(container.readinessProbe?.httpGet?.path, `${where}: ready on /health (its dependencies)`).toBe('/health');
            expect(container.livenessProbe?.httpGet?.path, `${where}: alive on /health/live (the process)`).toBe('/health/live');
          }
        }
      });
    });
  }

  for (const overlay of appOverlays) {
    describe(`${overlay}: the product`, () => {
      const manifests = rendered.get(overlay)!;
      const find = (kind: string, name: string) => manifests.find((m) => m.kind === kind && m.metadata.name === name);
      const containerOf = (name: string): Container | undefined => podSpecOf(find('Deployment', name) ?? ({} as Manifest)).containers?.[0];
      const config = find('ConfigMap', 'planner-config')?.data ?? {};

      it.each(deployments)('%s: a Deployment, autoscaled by a HorizontalPodAutoscaler, kept up by a PodDisruptionBudget', (name) => {
        const deployment = find('Deployment', name);
        expect(deployment, `Deployment ${name}`).toBeDefined();
        expect(deployment?.spec?.replicas, `${name}: the autoscaler owns the replica count`).toBeUndefined();
        const hpa = manifests.find((m) => m.kind === 'HorizontalPodAutoscaler' && m.spec?.scaleTargetRef?.name === name);
        expect(hpa?.spec?.scaleTargetRef?.kind, `HorizontalPodAutoscaler for ${name}`).toBe('Deployment');
        expect(hpa?.spec?.maxReplicas).toBeGreaterThanOrEqual(hpa?.spec?.minReplicas);
        if (overlay.startsWith('k8s/overlays/prod')) expect(hpa?.spec?.minReplicas, `${name}: two replicas at least in production`).toBeGreaterThanOrEqual(2);
        const labels = deployment?.spec?.template?.metadata?.labels ?? {};
        const pdb = manifests.find((m) => m.kind === 'PodDisruptionBudget' && Object.entries(m.spec?.selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v));
        expect(pdb, `PodDisruptionBudget selecting ${name}'s pods`).toBeDefined();
      });

      it.each(services)('%s: its Service selects its pods on its fixed port, on the image docker-compose.yml builds', (name) => {
        const port = SERVICE_PORTS[name];
        const service = find('Service', name);
        const container = containerOf(name);
        expect(service?.spec?.ports?.[0]?.port).toBe(port);
        expect(container?.ports?.[0]?.containerPort).toBe(port);
        const labels = find('Deployment', name)?.spec?.template?.metadata?.labels ?? {};
        expect(Object.keys(service?.spec?.selector ?? {}).length).toBeGreaterThan(0);
        for (const [key, value] of Object.entries(service?.spec?.selector ?? {})) expect(labels[key], `pod label ${key}`).toBe(value);
        expect(container?.env?.find((e) => e.name === 'PORT')?.value).toBe(String(port));
        const compose = loadCompose().services[name];
        expect(container?.image.split(':')[0]).toBe(compose?.image?.split(':')[0]);
        expect(container?.env?.find((e) => e.name === 'NODE_OPTIONS')?.value).toBe(environmentOf(compose!).NODE_OPTIONS);
      });

      it.each(services.filter((name) => name !== 'gateway'))('%s: the gateway finds its ready pods by name, through a headless Service selecting them on its port', (name) => {
        const setting = (key: string) => containerOf('gateway')?.env?.find((e) => e.name === key)?.value;
        expect(setting('UPSTREAM_DISCOVERY')).toBe('dns');
        const url = new URL(setting(`${name.toUpperCase()}_URL`) ?? 'missing:');
        const headless = find('Service', url.hostname);
        expect(headless?.spec?.clusterIP, `${url.hostname}: one record per pod, no cluster IP`).toBe('None');
        expect(headless?.spec?.publishNotReadyAddresses, `${url.hostname}: ready pods only`).toBeFalsy();
        expect(headless?.spec?.selector).toEqual(find('Service', name)?.spec?.selector);
        expect(Number(url.port)).toBe(SERVICE_PORTS[name]);
        expect(headless?.spec?.ports?.[0]).toMatchObject({ port: SERVICE_PORTS[name], targetPort: 'http' });
        expect(containerOf(name)?.ports?.[0]?.name).toBe('http');
      });

      it.each(deployments)('%s: settings from the planner-config ConfigMap, credentials from Secrets, every required key of its configSchema', async (name) => {
        const container = containerOf(name)!;
        const keys = new Set((container.env ?? []).map((e) => e.name));
        expect(container.envFrom?.[0]?.configMapRef?.name).toBe('planner-config');
        for (const key of Object.keys(config)) keys.add(key);
        const secretKeys = (secret: string) => {
          const renderedSecret = find('Secret', secret);
          if (renderedSecret) return Object.keys({ ...renderedSecret.data, ...renderedSecret.stringData });
          const keysOf = exampleSecretKeys(secret);
          expect(keysOf, `Secret ${secret} is neither rendered nor listed in k8s/secrets/${secret}.env.example`).toBeDefined();
          return keysOf ?? [];
        };
        for (const source of container.envFrom ?? []) {
          if (source.secretRef && (find('Secret', source.secretRef.name) || !source.secretRef.optional)) for (const key of secretKeys(source.secretRef.name)) keys.add(key);
        }
        for (const e of container.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef;
          if (ref) expect(secretKeys(ref.name), `${e.name} <- Secret ${ref.name} key ${ref.key}`).toContain(ref.key);
          expect(e.valueFrom?.configMapKeyRef, `${e.name}: settings come whole from planner-config`).toBeUndefined();
        }
        const schema = await loadConfigSchema(name === 'scheduler-worker' ? 'scheduler' : name);
        expect(requiredKeys(schema).filter((key) => !keys.has(key)), `${name}: required env missing`).toEqual([]);
      });

      it.each(deployments)('%s: stops gracefully: SIGTERM at once, and the grace period outlasts the drain delay, the time-out and the jobs\' stop', (name) => {
        const container = containerOf(name)!;
        // No preStop: the kit's drain delay is what keeps the pod serving while its endpoint goes (decisions/deployment.md).
        expect((container as any).lifecycle?.preStop, `${name}: preStop`).toBeUndefined();
        const { drainMs, timeoutMs } = shutdownSettings(container, config);
        expect(drainMs, `${name}: SHUTDOWN_DRAIN_DELAY_MS`).toBeGreaterThan(0);
        const graceMs = podSpecOf(find('Deployment', name)!).terminationGracePeriodSeconds * 1000;
        expect(graceMs, `${name}: terminationGracePeriodSeconds against ${drainMs} + ${timeoutMs} + ${JOBS_STOP_MS} ms`).toBeGreaterThanOrEqual(drainMs + timeoutMs + JOBS_STOP_MS);
      });

      it.each(['posts', 'gateway'])('%s: lets an AI generation under way finish when it stops', async (name) => {
        expect(shutdownSettings(containerOf(name)!, config).timeoutMs).toBeGreaterThan(await generationTimeoutMs());
      });

      it.each(deployments)('%s: writes only to mounted volumes (LOG_DIR and every other *_DIR), the root filesystem being read-only', (name) => {
        const container = containerOf(name)!;
        const mounts = (container as any).volumeMounts?.map((m: { mountPath: string }) => m.mountPath) ?? [];
        const dirs = { LOG_DIR: config.LOG_DIR, ...Object.fromEntries((container.env ?? []).filter((e) => e.name.endsWith('_DIR') && e.value).map((e) => [e.name, e.value])) };
        for (const [key, dir] of Object.entries(dirs)) expect(mounts.some((mount: string) => dir === mount || dir?.startsWith(`${mount}/`)), `${name}: ${key}=${dir}`).toBe(true);
      });

      it.each(deployments)('%s: sets every *_DIR its configSchema reads, so no default points into the read-only image', async (name) => {
        const schema = await loadConfigSchema(name === 'scheduler-worker' ? 'scheduler' : name);
        const set = new Set([...Object.keys(config), ...(containerOf(name)?.env ?? []).map((e) => e.name)]);
        expect(Object.keys(schema.shape).filter((key) => key.endsWith('_DIR') && !set.has(key))).toEqual([]);
      });

      it('runs the scheduler\'s publish workers apart from its API, on its image, autoscaled on CPU (and on queue depth with components/publish-queue-autoscaling)', () => {
        const role = (name: string) => containerOf(name)?.env?.find((e) => e.name === 'SCHEDULER_ROLE')?.value;
        expect([role('scheduler'), role('scheduler-worker')]).toEqual(['api', 'worker']);
        expect(containerOf('scheduler-worker')?.image).toBe(containerOf('scheduler')?.image);
        expect(find('Service', 'scheduler-worker')).toBeUndefined();
        const hpa = find('HorizontalPodAutoscaler', 'scheduler-worker');
        expect(hpa?.spec?.metrics?.map((m: any) => m.resource?.name)).toContain('cpu');
      });

      it('runs NATS as a three-member JetStream cluster on persistent volumes, with every stream replicated three times', () => {
        const nats = find('StatefulSet', 'nats');
        expect(nats?.spec?.replicas).toBe(3);
        expect(nats?.spec?.volumeClaimTemplates?.[0]?.spec?.resources?.requests?.storage).toBeTruthy();
        const headless = find('Service', nats?.spec?.serviceName);
        expect(headless?.spec?.clusterIP).toBe('None');
        const conf: string = find('ConfigMap', 'nats-config')?.data?.['nats.conf'] ?? '';
        expect(conf).toMatch(/jetstream\s*\{/);
        for (const i of [0, 1, 2]) expect(conf).toContain(`nats://nats-${i}.${nats?.spec?.serviceName}:6222`);
        expect(config.NATS_URL).toBe('nats://nats:4222');
        expect(config.NATS_STREAM_REPLICAS).toBe('3');
        expect(find('PodDisruptionBudget', 'nats')?.spec?.maxUnavailable).toBe(1);
      });

      it('keeps posts\' media where every replica finds them: S3_BUCKET from posts-secrets, or one replica declaring its MEDIA_DIR shared', () => {
        const shared = containerOf('posts')?.env?.find((e) => e.name === 'MEDIA_DIR_SHARED')?.value === 'true';
        const hpa = manifests.find((m) => m.kind === 'HorizontalPodAutoscaler' && m.spec?.scaleTargetRef?.name === 'posts');
        if (shared) expect(hpa?.spec?.maxReplicas, 'posts with its media on the pod\'s own volume').toBe(1);
        else expect(containerOf('posts')?.envFrom?.some((s) => s.secretRef?.name === 'posts-secrets')).toBe(true);
        if (overlay.startsWith('k8s/overlays/prod')) expect(shared, 'production keeps media in S3_BUCKET').toBe(false);
      });

      it('routes the Ingress to the gateway', () => {
        const ingress = manifests.find((m) => m.kind === 'Ingress');
        expect(ingress?.spec?.rules?.[0]?.http?.paths?.[0]?.backend?.service?.name).toBe('gateway');
        if (!overlay.startsWith('k8s/overlays/prod')) return;
        // With TLS for the public host, which APP_URL names.
        const host = new URL(config.APP_URL ?? 'missing:').host;
        expect(ingress?.spec?.rules?.[0]?.host).toBe(host);
        expect(ingress?.spec?.tls?.[0]?.hosts).toContain(host);
        expect(ingress?.spec?.tls?.[0]?.secretName).toBeTruthy();
        expect(new URL(config.APP_URL!).protocol).toBe('https:');
      });

      it('reaches Postgres and Redis as `postgres` and `redis`: managed (ExternalName) by default, StatefulSets on volumes in-cluster', () => {
        const inCluster = overlay !== 'k8s/overlays/prod';
        for (const name of ['postgres', 'redis']) {
          const service = find('Service', name);
          if (!inCluster) {
            expect(service?.spec?.type, name).toBe('ExternalName');
            expect(service?.spec?.externalName, name).toBeTruthy();
            expect(find('StatefulSet', name), name).toBeUndefined();
            continue;
          }
          expect(service?.spec?.type, name).toBe('ClusterIP');
          expect(service?.spec?.externalName, name).toBeUndefined();
          const sts = find('StatefulSet', name);
          expect(sts?.spec?.volumeClaimTemplates?.length, `${name}: persistent volume`).toBe(1);
          for (const [key, value] of Object.entries(service?.spec?.selector ?? {})) expect(sts?.spec?.template?.metadata?.labels?.[key]).toBe(value);
        }
      });
    });
  }

  describe('production', () => {
    it.each(prodOverlays)('%s renders no Secret: they are made per environment from k8s/secrets/*.env.example', (overlay) => {
      expect(rendered.get(overlay)!.filter((m) => m.kind === 'Secret').map((m) => m.metadata.name)).toEqual([]);
    });

    it('requires the Secrets of the keys that sign or seal what users hold', () => {
      const prod = rendered.get('k8s/overlays/prod')!;
      for (const name of ['auth', 'organizations', 'posts', 'content', 'notifications']) {
        const container = podSpecOf(prod.find((m) => m.kind === 'Deployment' && m.metadata.name === name)!).containers[0] as Container;
        expect(container.envFrom?.find((s) => s.secretRef?.name === `${name}-secrets`)?.secretRef?.optional, name).toBe(false);
      }
    });

    it('lists in each k8s/secrets/*.env.example only keys its services read (no typo goes unnoticed)', async () => {
      for (const name of services) {
        const keys = exampleSecretKeys(`${name}-secrets`);
        if (!keys) continue;
        const schema = await loadConfigSchema(name);
        expect(keys.filter((key) => !(key in schema.shape)), `k8s/secrets/${name}-secrets.env.example`).toEqual([]);
      }
    });

    it('migrates every database service in one Job, on the images of the release the prod overlay deploys', () => {
      const jobs = rendered.get(MIGRATIONS)!.filter((m) => m.kind === 'Job');
      expect(jobs.map((j) => j.metadata.name)).toEqual(['migrate']);
      const containers = containersOf(jobs[0]!);
      expect(databaseServices.length).toBeGreaterThan(0);
      expect(containers.map((c) => c.name).sort()).toEqual([...databaseServices].sort());
      for (const name of databaseServices) expect(existsSync(repoPath('services', name, 'src/migrate.ts')), `services/${name}/src/migrate.ts`).toBe(true);
      const prodImages = new Map(
        rendered
          .get('k8s/overlays/prod')!
          .filter((m) => m.kind === 'Deployment')
          .map((d) => [d.metadata.name, containersOf(d)[0]!.image]),
      );
      for (const container of containers) {
        expect(container.image, container.name).toBe(prodImages.get(container.name));
        expect(container.command, container.name).toEqual(['node', '--conditions=compiled', 'dist/migrate.js']);
        expect(container.env?.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual({ name: 'planner-secrets', key: 'DATABASE_URL' });
      }
      expect(podSpecOf(jobs[0]!).restartPolicy).toBe('Never');
      expect(jobs[0]!.spec?.backoffLimit).toBeGreaterThan(0);
    });
  });

  describe('the checks themselves', () => {
    it('find a credential in a Secret, a ConfigMap or an env value, and let URLs without one pass', () => {
      const secret = (data: Record<string, string>): Manifest => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, stringData: data });
      expect(plaintextSecrets([secret({ DATABASE_URL: 'postgres://postgres@postgres:5432/planner', REDIS_URL: 'redis://redis:6379' })])).toEqual([]);
      expect(plaintextSecrets([secret({ DATABASE_URL: 'postgres://planner:hunter2@postgres:5432/planner' })])).toEqual(['Secret/s: DATABASE_URL']);
      expect(plaintextSecrets([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { NEWSLETTER_SIGNING_KEY: 'x' } }])).toEqual(['ConfigMap/c: NEWSLETTER_SIGNING_KEY']);
      const deployment: Manifest = {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'd' },
        spec: { template: { spec: { containers: [{ name: 'c', image: 'i:1', env: [{ name: 'POSTGRES_PASSWORD', value: 'x' }, { name: 'PORT', value: '1' }] }] } } },
      };
      expect(plaintextSecrets([deployment])).toEqual(['Deployment/d c: POSTGRES_PASSWORD']);
    });

    it('read an image tag past a registry port, and refuse no tag at all', () => {
      expect(tagOf('registry.example.com:5000/social-planner/auth:1.2.3')).toBe('1.2.3');
      expect(tagOf('registry.example.com:5000/social-planner/auth')).toBeUndefined();
      expect(tagOf('social-planner/auth@sha256:abc')).toBe('sha256:abc');
    });

    it('refuse an object its kind\'s schema refuses', async () => {
      const bad: Manifest = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: 'two', selector: {}, template: {} } };
      await expect(validateAgainstSchema(bad)).rejects.toThrow(/replicas must be integer/);
      await expect(validateAgainstSchema({ ...bad, kind: 'Deploymnet' })).rejects.toThrow(/no Kubernetes schema/);
    });

    it('find a field its kind does not know, however deep', () => {
      const container = { name: 'c', image: 'i:1', readinesProbe: { httpGet: { path: '/health', port: 'http' } }, securityContext: { runAsNonRoot: true } };
      const deployment: Manifest = {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'd' },
        spec: { selector: { matchLabels: { app: 'd' } }, template: { metadata: { labels: { app: 'd' } }, spec: { containers: [container] } } },
      };
      const service: Manifest = { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 80, targetPort: 'http' }], selectr: { app: 'd' } } };
      const problems = unknownFields([deployment, service]);
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^Deployment\/d: .*readinesProbe.*does not exist in type 'IContainer'/);
      expect(problems[1]).toMatch(/^Service\/s: .*selectr.*does not exist in type 'IServiceSpec'/);
      const { readinesProbe, ...spelled } = container;
      const fixed = { ...deployment, spec: { ...deployment.spec, template: { ...deployment.spec.template, spec: { containers: [{ ...spelled, readinessProbe: readinesProbe }] } } } };
      expect(unknownFields([fixed])).toEqual([]);
    });
  });
});
