import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { CONNECTION_PLATFORMS, type ConnectionPlatform } from '@planner/contracts';
import { freePort, removeNamespace, startServiceProcess, startTestService, waitFor, type TestProcess, type TestServiceContext } from '@planner/service-kit/testing';
import type { PlatformAdapter, PlatformAdapters } from '../src/adapters/platforms/index.js';
import type { SchedulerConfig } from '../src/config.js';
import type { SchedulerAdapters } from '../src/context.js';
import { PublicationAttempt, type AttemptOutcome } from '../src/entities/publication-attempt.entity.js';
import { Publication } from '../src/entities/publication.entity.js';
import { schedulerService } from '../src/service.js';

const servicesDir = fileURLToPath(new URL('../../', import.meta.url));

/** The organizations process's CONNECTION_TOKEN_KEY here: the tokens addConnection stores are sealed with it. */
const CONNECTION_TOKEN_KEY = randomBytes(32);

/**
 * A token sealed as organizations stores it (its token-cipher.ts: AES-256-GCM,
 * `v1.<iv>.<tag>.<ciphertext>` in base64url), which a service may not import
 * from another: one copy here for every test of a real connection.
 */
function sealed(token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', CONNECTION_TOKEN_KEY, iv);
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
}

export interface PublishingHarness {
  ctx: TestServiceContext<SchedulerConfig> & { adapters: SchedulerAdapters };
  /** The scheduler's own HTTP address (its Sandbox feed). */
  url: string;
  /** The real organizations and posts services, as processes in the same namespace. */
  organizations: TestProcess;
  posts: TestProcess;
  table(service: string, name: string): string;
  /** An active (or not) organization of `ownerId` with a Sandbox connection to each of `sandboxPlatforms`. */
  addOrganization(options?: { isActive?: boolean; sandboxPlatforms?: ConnectionPlatform[]; ownerId?: string }): Promise<string>;
  /** A real (not Sandbox) connection of the organization, as organizations keeps it. */
  /** `tokens`: the connection's access token (and Facebook's Page token), stored sealed as organizations keeps them. */
  addConnection(organizationId: string, platform: ConnectionPlatform, specificData: Record<string, unknown>, tokens?: { access: string; page?: string }): Promise<void>;
  /** A post in the posts service's table. */
  addPost(organizationId: string, post?: { status?: string; version?: number; content?: string; platforms?: string[] }): Promise<string>;
  /** The post's publication once it has settled: failed, in doubt or published. */
  settledPublication(postId: string, timeoutMs: number): Promise<Publication>;
  /** The outcomes of a publication's attempts, in order. */
  attemptOutcomes(publicationId: string): Promise<Array<AttemptOutcome | null>>;
}

export interface PublishingOptions {
  /** The platform adapters (default: the service's own, from its config). */
  platforms?: PlatformAdapters;
  /** The scheduler's environment, and the organizations process's (a platform's API at a stand-in), and the posts process's (where media links point). */
  env?: Record<string, string>;
  organizationsEnv?: Record<string, string>;
  postsEnv?: Record<string, string>;
}

/**
 * The scheduler (API and worker in one) on this file's schema, listening so
 * its Sandbox adapters publish to its own feed over HTTP, with organizations
 * and posts running as processes answering its requests as in production.
 */
export function usePublishing(options: () => PublishingOptions = () => ({})): PublishingHarness {
  const h = {} as PublishingHarness;
  let close: (() => Promise<void>) | undefined;
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scheduler-'));
  h.table = (service, name) => `"${h.ctx.id}_${service}".${name}`;

  beforeAll(async () => {
    const port = await freePort();
    h.url = `http://127.0.0.1:${port}`;
    const { platforms, env, organizationsEnv, postsEnv } = options();
    const started = await startTestService(schedulerService, { env: { SANDBOX_FEED_URL: h.url, ...env }, adapters: platforms ? { platforms } : {} });
    ({ close } = started);
    h.ctx = started.ctx;
    await started.app.listen({ port, host: '127.0.0.1' });
    const start = (service: string, serviceEnv?: Record<string, string>) => startServiceProcess(path.join(servicesDir, service), { namespace: h.ctx.id, logDir, env: serviceEnv });
    [h.organizations, h.posts] = await Promise.all([start('organizations', { CONNECTION_TOKEN_KEY: CONNECTION_TOKEN_KEY.toString('base64'), ...organizationsEnv }), start('posts', postsEnv)]);
  });

  afterAll(async () => {
    await Promise.all([h.organizations?.stop(), h.posts?.stop()]);
    await close?.();
    await removeNamespace(h.ctx.id);
    fs.rmSync(logDir, { recursive: true, force: true });
  });

  h.addOrganization = async ({ isActive = true, sandboxPlatforms = [...CONNECTION_PLATFORMS], ownerId = randomUUID() } = {}) => {
    const [row] = await h.ctx.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO ${h.table('organizations', 'organizations')} (owner_id, name, is_active) VALUES ($1, 'Acme', $2) RETURNING id`,
      [ownerId, isActive],
    );
    for (const platform of sandboxPlatforms) {
      await h.ctx.dataSource.query(
        `INSERT INTO ${h.table('organizations', 'connections')} (organization_id, platform, sandbox, connected_by) VALUES ($1, $2, true, gen_random_uuid())`,
        [row!.id, platform],
      );
    }
    return row!.id;
  };
  h.addConnection = async (organizationId, platform, specificData, tokens) => {
    await h.ctx.dataSource.query(
      `INSERT INTO ${h.table('organizations', 'connections')} (organization_id, platform, sandbox, access_token, page_access_token, specific_data, connected_by)
       VALUES ($1, $2, false, $3, $4, $5, gen_random_uuid())`,
      [organizationId, platform, tokens ? sealed(tokens.access) : null, tokens?.page ? sealed(tokens.page) : null, specificData],
    );
  };
  h.addPost = async (organizationId, { status = 'approved', version = 1, content = 'Hello from the sandbox', platforms = ['X'] } = {}) => {
    const [row] = await h.ctx.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO ${h.table('posts', 'posts')} (organization_id, status, version, content, platforms) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [organizationId, status, version, content, platforms],
    );
    return row!.id;
  };
  h.settledPublication = (postId, timeoutMs) =>
    waitFor(
      () => h.ctx.dataSource.getRepository(Publication).findOneBy({ postId }),
      (row) => row !== null && ['failed', 'in_doubt', 'published'].includes(row.state),
      timeoutMs,
    ) as Promise<Publication>;
  h.attemptOutcomes = async (publicationId) =>
    (await h.ctx.dataSource.getRepository(PublicationAttempt).find({ where: { publicationId }, order: { number: 'ASC' } })).map((attempt) => attempt.outcome);
  return h;
}

/** Platform rules for tests of the publish path itself: every post passes (the adapters' own tests check each platform's rules). */
export function acceptingPlatforms(): PlatformAdapters {
  const accepting = (platform: ConnectionPlatform): PlatformAdapter => ({
    platform,
    check: () => null,
    rateWindows: async () => [],
    publish: () => Promise.reject(new Error('only Sandbox connections publish in these tests')),
    recover: () => Promise.reject(new Error('only Sandbox connections publish in these tests')),
  });
  return Object.fromEntries(CONNECTION_PLATFORMS.map((platform) => [platform, accepting(platform)])) as PlatformAdapters;
}
