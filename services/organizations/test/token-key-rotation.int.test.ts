import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionCredentials } from '@planner/contracts';
import { createDataSource } from '@planner/service-kit/data';
import {
  bearer,
  createTestContext,
  freePort,
  namespacedProcessEnv,
  removeNamespace,
  startServiceProcess,
  startTestProcess,
  testInfrastructure,
  type TestProcess,
  type TestServiceContext,
  waitFor,
} from '@planner/service-kit/testing';
import { decryptToken, encryptToken, TokenCipherError } from '../src/domain/connections/token-cipher.js';
import { Connection } from '../src/entities/connection.entity.js';
import { entities } from '../src/entities/index.js';

/**
 * A CONNECTION_TOKEN_KEY rotation in the middle of its rollout (docs/operations.md "Rotate keys"): two
 * organizations processes on one schema and one NATS queue group, one with phase 1's config (seals with
 * the old key, also opens the new) and one with phase 2's (seals with the new, also opens the old), then
 * the reseal command, then the phase-1 pod alone answering for tokens the reseal sealed with the new key.
 */
const serviceDir = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const [oldKey, newKey, lostKey] = [randomBytes(32), randomBytes(32), randomBytes(32)];
const PHASE_1 = { CONNECTION_TOKEN_KEY: oldKey.toString('base64'), CONNECTION_TOKEN_NEXT_KEYS: newKey.toString('base64') };
const PHASE_2 = { CONNECTION_TOKEN_KEY: newKey.toString('base64'), CONNECTION_TOKEN_PREVIOUS_KEYS: oldKey.toString('base64') };

let ctx: TestServiceContext;
let jwks: http.Server;
let env: Record<string, string>;
let logDir: string;
let db: DataSource;
type HealthBody = { checks: Record<string, { details?: Record<string, unknown> }> };
const pods: { phase1?: TestProcess & { url: string }; phase2?: TestProcess & { url: string } } = {};

async function startPod(keys: Record<string, string>): Promise<TestProcess & { url: string }> {
  const port = await freePort();
  const pod = await startServiceProcess(serviceDir, { namespace: ctx.id, logDir, env: { ...env, ...keys, PORT: String(port) } });
  return Object.assign(pod, { url: `http://127.0.0.1:${port}` });
}

beforeAll(async () => {
  ctx = await createTestContext({ name: 'rotation' });
  // The pods check access tokens against this test's keys, as they would against auth's JWKS.
  jwks = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ctx.keys.jwks)));
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rotation-'));
  env = { JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json` };
  pods.phase1 = await startPod(PHASE_1);
  db = await createDataSource({ url: (await testInfrastructure()).databaseUrl, schema: `${ctx.id}_organizations`, entities }).initialize();
}, 60_000);

afterAll(async () => {
  await Promise.all([pods.phase1?.stop(), pods.phase2?.stop()]);
  await db?.destroy();
  await new Promise((resolve) => jwks?.close(resolve));
  if (ctx) {
    await removeNamespace(ctx.id);
    await ctx.cleanup();
  }
  fs.rmSync(logDir, { recursive: true, force: true });
});

const admin = async () => bearer(await ctx.keys.sign({ sub: randomUUID(), role: 'admin' }));
const call = async (pod: { url: string }, method: string, url: string, body?: object) => {
  const res = await fetch(`${pod.url}${url}`, {
    method,
    headers: { ...(await admin()), ...(body && { 'content-type': 'application/json' }) },
    ...(body && { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as never };
};
const storedCredentials = async (name: string): Promise<string> =>
  (await db.query(`SELECT other_credentials FROM supported_platforms WHERE name = $1`, [name]))[0].other_credentials;
const credentials = (organizationId: string) =>
  ctx.bus.request<ConnectionCredentials>('organizations.connection.credentials', { organization_id: organizationId, platform: 'x' });
/** The reseal command as an operator runs it, with phase 2's config: its exit code and what it printed. */
async function reseal(): Promise<{ code: number | null; output: string }> {
  const run = startTestProcess('src/reseal-tokens.ts', {
    cwd: serviceDir,
    env: { ...(await namespacedProcessEnv({ namespace: ctx.id, logDir, authPort: await freePort() })), LOG_LEVEL: 'info', ...PHASE_2 },
  });
  await run.exited();
  return { code: run.child.exitCode, output: run.output() };
}

describe('connection token key rotation across pods in different phases', () => {
  let organizationId: string;

  it('phase 1 and phase 2 pods each seal with their own key, and open what the other sealed', async () => {
    expect((await call(pods.phase1!, 'POST', '/platforms', { name: 'SealedInPhase1', other_credentials: { api: 'one' } })).status).toBe(201);
    const owner = { ...bearer(await ctx.keys.sign({ sub: randomUUID(), role: 'advanced' })), 'content-type': 'application/json' };
    const created = await fetch(`${pods.phase1!.url}/organizations`, { method: 'POST', headers: owner, body: JSON.stringify({ name: 'Rotating Brand' }) });
    organizationId = ((await created.json()) as { id: string }).id;
    // Tokens stored before the rotation, and one whose key was lost: no configured key opens it.
    const connections = db.getRepository(Connection);
    await connections.save([
      { organizationId, platform: 'x', sandbox: false, accessToken: encryptToken(oldKey, 'old-access-token'), connectedBy: randomUUID(), specificData: { username: 'brand' } },
      { organizationId, platform: 'linkedin', sandbox: false, accessToken: encryptToken(lostKey, 'lost-token'), connectedBy: randomUUID(), specificData: {} },
    ]);

    pods.phase2 = await startPod(PHASE_2);
    expect((await call(pods.phase2, 'POST', '/platforms', { name: 'SealedInPhase2', other_credentials: { api: 'two' } })).status).toBe(201);
    expect(decryptToken(oldKey, await storedCredentials('SealedInPhase1'))).toBe('{"api":"one"}');
    expect(decryptToken(newKey, await storedCredentials('SealedInPhase2'))).toBe('{"api":"two"}');
    const sealedInPhase2 = await storedCredentials('SealedInPhase2');
    expect(() => decryptToken(oldKey, sealedInPhase2)).toThrow(TokenCipherError);

    for (const pod of [pods.phase1!, pods.phase2]) {
      const listed = await call(pod, 'GET', '/platforms');
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'SealedInPhase1', other_credentials: { api: '********' } })]));
      expect(listed.body).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'SealedInPhase2', other_credentials: { api: '********' } })]));
    }
    // Either pod may answer (one queue group): every answer opens the token.
    for (let i = 0; i < 6; i += 1) expect((await credentials(organizationId)).access_token).toBe('old-access-token');

    // The phase 2 pod counted at start what awaits the reseal, and the value no key opens.
    const sealedTokens = async () => ((await (await fetch(`${pods.phase2!.url}/health`)).json()) as HealthBody).checks.sealedTokens?.details;
    expect(await waitFor(sealedTokens, (details) => details?.countedAt !== undefined)).toMatchObject({ current: 0, other: 2, none: 1 });
  }, 60_000);

  it('the reseal seals everything with the new key, counts what no key opens, and the phase 1 pod still answers afterwards', async () => {
    const first = await reseal();
    expect(first.output).toContain('resealed 2; 1 stored platform tokens are still sealed with a key other than CONNECTION_TOKEN_KEY (0 with a configured one, 1 with none)');
    expect(first.code).toBe(1);
    const row = await db.getRepository(Connection).findOneByOrFail({ organizationId, platform: 'x' });
    expect(decryptToken(newKey, row.accessToken!)).toBe('old-access-token');
    expect(decryptToken(newKey, await storedCredentials('SealedInPhase1'))).toBe('{"api":"one"}');

    // Until the rollout of phase 2 ends, a phase 1 pod answers: it opens what the reseal sealed.
    await pods.phase2!.stop();
    pods.phase2 = undefined;
    expect((await credentials(organizationId)).access_token).toBe('old-access-token');
    expect((await call(pods.phase1!, 'GET', '/platforms')).status).toBe(200);

    await db.getRepository(Connection).delete({ organizationId, platform: 'linkedin' });
    const second = await reseal();
    expect(second.output).toContain('resealed 0; every stored platform token is sealed with CONNECTION_TOKEN_KEY: the other keys can be dropped');
    expect(second.code).toBe(0);
  }, 60_000);
});
