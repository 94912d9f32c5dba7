/**
 * k8s/deploy.sh orders a release: the datastores the migration Job connects to, ready; the Job; the new
 * pods only once it completed. No cluster here, so kubectl is a recording stand-in on PATH that answers
 * the Job's state as told, and lists the in-cluster datastores' StatefulSets only for prod-in-cluster.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoPath } from './support/repo.js';

let dir: string | undefined;

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Runs deploy.sh with a kubectl that logs its arguments, reports the Job as `jobState`, and lists the datastores' StatefulSets of prod-in-cluster. */
function deploy(jobState: 'Complete' | 'Failed', overlay = 'k8s/overlays/prod') {
  dir = mkdtempSync(path.join(os.tmpdir(), 'deploy-script-'));
  const log = path.join(dir, 'calls.log');
  const inCluster = overlay.endsWith('prod-in-cluster');
  writeFileSync(
    path.join(dir, 'kubectl'),
    `#!/usr/bin/env bash
echo "$*" >> "${log}"
case "$*" in
  *"get job migrate"*) printf '%s ' "${jobState}" ;;
  *"get deployments"*) printf 'deployment.apps/auth\\ndeployment.apps/gateway\\n' ;;
  *"get statefulsets -l app.kubernetes.io/name in (postgres,redis)"*) printf '${inCluster ? 'statefulset.apps/postgres\\nstatefulset.apps/redis\\n' : ''}' ;;
esac
`,
  );
  chmodSync(path.join(dir, 'kubectl'), 0o755);
  const result = spawnSync('bash', [repoPath('k8s/deploy.sh'), overlay], { env: { ...process.env, PATH: `${dir}:${process.env.PATH}` }, encoding: 'utf8' });
  const calls = readFileSync(log, 'utf8').trim().split('\n');
  return { status: result.status, stderr: result.stderr, calls };
}

describe('k8s/deploy.sh', () => {
  it('applies the datastores’ Services, then the migration Job, and the overlay only after the Job completed, then waits for every rollout', () => {
    const { status, calls } = deploy('Complete');
    expect(status).toBe(0);
    const index = (pattern: RegExp) => calls.findIndex((call) => pattern.test(call));
    const deleteOld = index(/^-n social-planner delete job migrate /);
    const applyJob = index(/^apply -k k8s\/overlays\/prod\/migrations$/);
    const waited = index(/get job migrate/);
    const applyOverlay = index(/^apply -k k8s\/overlays\/prod$/);
    expect([deleteOld, applyJob, waited, applyOverlay].every((i) => i >= 0)).toBe(true);
    expect(deleteOld).toBeLessThan(applyJob);
    expect(applyJob).toBeLessThan(waited);
    expect(waited).toBeLessThan(applyOverlay);
    // The managed datastores' Services (ExternalName) too go first: the Job reaches Postgres through one.
    const applyDatastores = index(/^apply -k k8s\/overlays\/prod -l app.kubernetes.io\/name in \(postgres,redis\)$/);
    expect(applyDatastores).toBeGreaterThanOrEqual(0);
    expect(applyDatastores).toBeLessThan(applyJob);
    expect(calls.some((call) => call.includes('rollout status statefulset.apps/postgres'))).toBe(false);
    expect(calls.slice(applyOverlay)).toEqual(
      expect.arrayContaining([
        '-n social-planner rollout status deployment.apps/auth --timeout=10m',
        '-n social-planner rollout status deployment.apps/gateway --timeout=10m',
        '-n social-planner rollout status statefulset/nats --timeout=10m',
      ]),
    );
  });

  it('with prod-in-cluster, applies Postgres and Redis and waits until they are ready before the migration Job', () => {
    const { status, calls } = deploy('Complete', 'k8s/overlays/prod-in-cluster');
    expect(status).toBe(0);
    const index = (call: string) => calls.indexOf(call);
    const applyDatastores = index('apply -k k8s/overlays/prod-in-cluster -l app.kubernetes.io/name in (postgres,redis)');
    const postgresReady = index('-n social-planner rollout status statefulset.apps/postgres --timeout=10m');
    const redisReady = index('-n social-planner rollout status statefulset.apps/redis --timeout=10m');
    const applyJob = index('apply -k k8s/overlays/prod/migrations');
    const applyOverlay = index('apply -k k8s/overlays/prod-in-cluster');
    expect([applyDatastores, postgresReady, redisReady, applyJob, applyOverlay].every((i) => i >= 0)).toBe(true);
    expect(applyDatastores).toBeLessThan(postgresReady);
    expect(Math.max(postgresReady, redisReady)).toBeLessThan(applyJob);
    expect(applyJob).toBeLessThan(applyOverlay);
  });

  it('stops before any new pod when the migrations fail, leaving the running version', () => {
    const { status, stderr, calls } = deploy('Failed', 'k8s/overlays/prod-in-cluster');
    expect(status).toBe(1);
    expect(stderr).toContain('migrations failed: the running version is left as it is');
    // Only the datastores were applied: no Deployment of the new release.
    expect(calls.filter((call) => call.startsWith('apply -k k8s/overlays/prod-in-cluster'))).toEqual(['apply -k k8s/overlays/prod-in-cluster -l app.kubernetes.io/name in (postgres,redis)']);
    expect(calls).toContain('-n social-planner logs job/migrate --all-containers --prefix --tail=50');
  });
});
