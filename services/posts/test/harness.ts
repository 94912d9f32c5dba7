import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { behindGateway } from '@planner/gateway/testing';
import type { Role } from '@planner/contracts';
import type { App } from '@planner/service-kit';
import { removeNamespace, startServiceProcess, startTestService, type TestProcess, type TestServiceContext } from '@planner/service-kit/testing';
import type { PostsConfig } from '../src/config.js';
import type { PostsAdapters } from '../src/context.js';
import { Media } from '../src/entities/media.entity.js';
import { Post } from '../src/entities/post.entity.js';
import { postsService } from '../src/service.js';

const servicesDir = fileURLToPath(new URL('../../', import.meta.url));

export interface Harness {
  ctx: TestServiceContext<PostsConfig> & { adapters: PostsAdapters };
  app: App;
  api: Awaited<ReturnType<typeof behindGateway>>;
  /** The real organizations and scheduler (API role: no publish worker) services, each its own process from its src/main.ts. */
  organizations: TestProcess;
  scheduler: TestProcess;
  /** A row in the organizations service's table (its HTTP routes want auth's users; the count needs only rows). */
  addOrganization(ownerId: string, organization?: { isActive?: boolean; timezone?: string }): Promise<string>;
  /** A weekly auto-schedule in the scheduler's table. */
  addSchedule(organizationId: string, schedule?: { active?: boolean }): Promise<string>;
  /** A user as the organizations service knows them from auth's events (its plan decides quotas), with a token of `tokenRole` (default: the same). */
  addMember(role: Role, tokenRole?: Role): Promise<{ id: string; token: string }>;
  /** A template of an organization in the organizations service's table. */
  addTemplate(organizationId: string, template: Record<string, string | number | null>): Promise<string>;
  /** A post in this service's table; `deleted` soft-deletes it. */
  addPost(organizationId: string, post: Partial<Post> & { deleted?: boolean }): Promise<string>;
  /** A media record of the organization (as an upload leaves one; no bytes stored): its storage key. */
  addMedia(organizationId: string, media?: Partial<Media>): Promise<string>;
}

/**
 * The posts app behind the real gateway on this file's schema and namespace,
 * with the organizations and scheduler services running as processes in the
 * same namespace, answering its requests as in production.
 */
export function usePosts(options: () => { env?: Record<string, string>; adapters?: Partial<PostsAdapters> } = () => ({})): Harness {
  const h = {} as Harness;
  let close: (() => Promise<void>) | undefined;
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posts-'));
  const table = (service: string, name: string) => `"${h.ctx.id}_${service}".${name}`;

  beforeAll(async () => {
    ({ ctx: h.ctx, app: h.app, close } = await startTestService(postsService, options()));
    const start = (service: string, env?: Record<string, string>) => startServiceProcess(path.join(servicesDir, service), { namespace: h.ctx.id, logDir, env });
    // The scheduler answers requests and records publications but publishes nothing: tests here play the
    // publishing outcome themselves (the scheduler's own tests publish for real). Nor does it open the
    // slots of the schedules tests add (only at its start, when there are none).
    [h.organizations, h.scheduler] = await Promise.all([
      start('organizations'),
      start('scheduler', { SCHEDULER_ROLE: 'api', SLOT_OPENING_MS: '86400000' }),
    ]);
    h.api = await behindGateway(h.app, 'posts', h.ctx.keys.jwks);
  });

  afterAll(async () => {
    await Promise.all([h.organizations?.stop(), h.scheduler?.stop()]);
    await h.api?.close();
    await close?.();
    await removeNamespace(h.ctx.id);
    fs.rmSync(logDir, { recursive: true, force: true });
  });

  h.addOrganization = async (ownerId, { isActive = true, timezone = 'UTC' } = {}) => {
    const [row] = await h.ctx.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO ${table('organizations', 'organizations')} (owner_id, name, is_active, timezone) VALUES ($1, 'Acme', $2, $3) RETURNING id`,
      [ownerId, isActive, timezone],
    );
    return row!.id;
  };
  h.addSchedule = async (organizationId, { active = true } = {}) => {
    const [row] = await h.ctx.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO ${table('scheduler', 'auto_schedules')} (organization_id, name, platforms, day_of_week, time_of_day, active)
       VALUES ($1, 'Mondays', '{LinkedIn}', 'monday', '09:00', $2) RETURNING id`,
      [organizationId, active],
    );
    return row!.id;
  };
  h.addMember = async (role, tokenRole = role) => {
    const [row] = await h.ctx.dataSource.query<Array<{ user_id: string }>>(
      `INSERT INTO ${table('organizations', 'members')} (user_id, role, email_verified) VALUES (gen_random_uuid(), $1, true) RETURNING user_id`,
      [role],
    );
    return { id: row!.user_id, token: await h.ctx.keys.sign({ sub: row!.user_id, role: tokenRole }) };
  };
  h.addTemplate = async (organizationId, template) => {
    const columns = Object.keys(template);
    const [row] = await h.ctx.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO ${table('organizations', 'templates')} (organization_id, ${columns.join(', ')})
       VALUES ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`,
      [organizationId, ...Object.values(template)],
    );
    return row!.id;
  };
  h.addPost = async (organizationId, { deleted, ...post }) => {
    const posts = h.ctx.dataSource.getRepository(Post);
    const saved = await posts.save(posts.create({ organizationId, content: 'Hello', ...post }));
    if (deleted) await posts.softDelete(saved.id);
    return saved.id;
  };
  h.addMedia = async (organizationId, media = {}) => {
    const mime = media.mime ?? 'image/png';
    const ext = { 'image/jpeg': 'jpg', 'video/quicktime': 'mov' }[mime as string] ?? mime.split('/')[1];
    const key = `${organizationId}/${randomUUID()}.${ext}`;
    await h.ctx.dataSource.getRepository(Media).insert({ key, organizationId, mime, size: 1024, durationSeconds: null, width: null, height: null, frameRate: null, source: 'upload', ...media });
    return key;
  };
  return h;
}
