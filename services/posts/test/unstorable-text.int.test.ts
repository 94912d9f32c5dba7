import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SharedMessages } from '@planner/contracts';
import { bearer } from '@planner/service-kit/testing';
import { Post } from '../src/entities/post.entity.js';
import { usePosts } from './harness.js';

const h = usePosts();

let alice: { id: string; token: string };
let organization: string;
let post: string;

beforeAll(async () => {
  alice = await h.addMember('pro');
  organization = await h.addOrganization(alice.id);
  post = await h.addPost(organization, { platforms: ['X'], content: 'Spring sale', scheduledTime: new Date(Date.now() + 3_600_000) });
});

describe('issue 28 on the post form and post reads', () => {
  it('refuses content Postgres cannot store with a 400 naming it, on the edit and on the schedule form, never a 500', async () => {
    for (const [content, message] of [
      ['nul\u0000here', SharedMessages.nulCharacter],
      ['x\ud800y', SharedMessages.loneSurrogate],
    ]) {
      const res = await h.api.send({ method: 'POST', url: `/posts/${post}/update`, headers: bearer(alice.token), payload: { content } });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { error: 'Bad Request', message, field: 'content' } });
    }
    // A form's fields travel as UTF-8, which cannot carry half a surrogate pair: U+0000 is what can reach it.
    const form = new FormData();
    for (const [name, value] of Object.entries({ organization_id: organization, platforms: 'X', content: 'nul\u0000here' })) form.append(name, value);
    const scheduled = await h.api.fetch('/schedule_post/now', { method: 'POST', body: form, headers: bearer(alice.token) });
    expect({ status: scheduled.status, body: await scheduled.json() }).toEqual({ status: 400, body: { error: 'Bad Request', message: SharedMessages.nulCharacter, field: 'content' } });
    expect((await h.ctx.dataSource.getRepository(Post).findOneByOrFail({ id: post })).content).toBe('Spring sale');
  });

  it('answers a post id that is no UUID 404 and reads a post with Cache-Control: no-store', async () => {
    for (const id of ['not-a-uuid', '%00', `${randomUUID()}x`]) {
      const res = await h.api.send({ method: 'GET', url: `/posts/${id}`, headers: bearer(alice.token) });
      expect({ id, status: res.statusCode }).toEqual({ id, status: 404 });
    }
    for (const url of [`/posts/${post}`, `/posts?organization_id=${organization}&status=all`]) {
      const res = await h.api.send({ method: 'GET', url, headers: bearer(alice.token) });
      expect({ url, status: res.statusCode, cacheControl: res.headers.get('cache-control') }).toEqual({ url, status: 200, cacheControl: 'no-store' });
    }
  });
});
