import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll } from 'vitest';
import { createDataSource } from '@planner/service-kit/data';
import { removeNamespace, startServiceProcess, testInfrastructure, type TestProcess } from '@planner/service-kit/testing';
import type { Harness } from './harness.js';

const servicesDir = fileURLToPath(new URL('../../', import.meta.url));

export interface PostsAndScheduler {
  posts: TestProcess;
  scheduler: TestProcess;
  /** A post in the posts service's table (its HTTP routes come with the posts issue). */
  addPost(organizationId: string, post: { status: string; platforms: string[]; scheduledTime?: string; mediaType?: string; mediaPaths?: string[]; deleted?: boolean }): Promise<string>;
  /** A weekly auto-schedule in the scheduler's table (its HTTP routes come with the scheduler issue). */
  addWeeklySchedule(organizationId: string, schedule: { name: string; dayOfWeek: string; timeOfDay: string; active?: boolean }): Promise<string>;
  /** Rows of an organization left in the posts and scheduler tables. */
  rowsOf(organizationId: string): Promise<{ posts: number; autoSchedules: number }>;
}

/**
 * The real posts and scheduler services, each its own process from its
 * src/main.ts, in the harness's namespace: they answer the organizations app's
 * requests and follow its events as in production.
 */
export function usePostsAndScheduler(h: Harness): PostsAndScheduler {
  const services = {} as PostsAndScheduler;
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'composite-'));
  let db: DataSource | undefined;
  const schema = (service: string) => `"${h.ctx.id}_${service}"`;

  beforeAll(async () => {
    const start = (service: string) => startServiceProcess(path.join(servicesDir, service), { namespace: h.ctx.id, logDir });
    [services.posts, services.scheduler] = await Promise.all([start('posts'), start('scheduler')]);
    // Tables are named with their schemas below: one connection serves both services' tables.
    db = await createDataSource({ url: (await testInfrastructure()).databaseUrl, schema: `${h.ctx.id}_posts` }).initialize();
  });

  afterAll(async () => {
    await Promise.all([services.posts?.stop(), services.scheduler?.stop()]);
    await db?.destroy();
    await removeNamespace(h.ctx.id);
    fs.rmSync(logDir, { recursive: true, force: true });
  });

  services.addPost = async (organizationId, post) => {
    const [row] = await db!.query<Array<{ id: string }>>(
      `INSERT INTO ${schema('posts')}.posts (organization_id, status, platforms, scheduled_time, media_type, media_paths, content, deleted_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'Hello', $7) RETURNING id`,
      [organizationId, post.status, post.platforms, post.scheduledTime ?? null, post.mediaType ?? 'text', post.mediaPaths ?? [], post.deleted ? new Date() : null],
    );
    return row!.id;
  };
  services.addWeeklySchedule = async (organizationId, schedule) => {
    const [row] = await db!.query<Array<{ id: string }>>(
      `INSERT INTO ${schema('scheduler')}.auto_schedules (organization_id, name, platforms, day_of_week, time_of_day, active)
       VALUES ($1, $2, '{LinkedIn}', $3, $4, $5) RETURNING id`,
      [organizationId, schedule.name, schedule.dayOfWeek, schedule.timeOfDay, schedule.active ?? true],
    );
    return row!.id;
  };
  services.rowsOf = async (organizationId) => {
    const count = async (table: string) => (await db!.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`, [organizationId]))[0]!.n;
    return { posts: await count(`${schema('posts')}.posts`), autoSchedules: await count(`${schema('scheduler')}.auto_schedules`) };
  };
  return services;
}
