import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationMessages, SharedMessages } from '@planner/contracts';
import type { App } from '@planner/service-kit';
import { bearer, startTestService, type TestService } from '@planner/service-kit/testing';
import { behindGateway } from '@planner/gateway/testing';
import type { NotificationsConfig } from '../src/config.js';
import type { NotificationsAdapters } from '../src/context.js';
import { notificationsService } from '../src/service.js';

let ctx: TestService<NotificationsConfig, NotificationsAdapters>['ctx'];
let app: App;
let close: () => Promise<void>;
let api: Awaited<ReturnType<typeof behindGateway>>;
const adminId = randomUUID();
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  ({ ctx, app, close } = await startTestService(notificationsService));
  api = await behindGateway(app, 'notifications', ctx.keys.jwks);
  adminToken = await ctx.keys.sign({ sub: adminId, role: 'admin' });
  userToken = await ctx.keys.sign({ sub: randomUUID(), role: 'pro' });
});

afterAll(async () => {
  await api?.close();
  await close?.();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  api.send({ method, url, payload, headers: bearer(token) });
const create = async (payload: object) => {
  const res = await call('POST', '/system-messages/', adminToken, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().system_message as { id: string; is_active: boolean };
};

describe('system messages', () => {
  it('creates with the defaults (info, 5000 ms, active) and records the admin', async () => {
    const res = await call('POST', '/system-messages/', adminToken, { message: 'Welcome to the new planner' });
    expect(res.statusCode).toBe(201);
    expect(res.json().system_message).toMatchObject({
      type: 'info',
      message: 'Welcome to the new planner',
      duration: 5000,
      is_active: true,
      created_by: adminId,
    });
  });

  it('shows everyone only the active messages, newest first, and admins all of them', async () => {
    const persistent = await create({ type: 'warning', message: 'Maintenance on Sunday', duration: 0 });
    const hidden = await create({ type: 'error', message: 'Old outage', duration: 10000, is_active: false });
    const active = await call('GET', '/system-messages/');
    expect(active.statusCode).toBe(200);
    const ids = active.json().messages.map((m: { id: string }) => m.id);
    expect(ids[0]).toBe(persistent.id);
    expect(ids).not.toContain(hidden.id);
    expect(active.json().messages[0]).toMatchObject({ type: 'warning', duration: 0, is_active: true });

    const all = await call('GET', '/system-messages/all', adminToken);
    expect(all.statusCode).toBe(200);
    expect(all.json().messages.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([persistent.id, hidden.id]));
  });

  it('updates any field, toggles and deletes', async () => {
    const created = await create({ type: 'success', message: 'Deployed', duration: 3000 });
    const updated = await call('PUT', `/system-messages/${created.id}`, adminToken, { message: 'Deployed v2', duration: 8000 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().system_message).toMatchObject({ id: created.id, type: 'success', message: 'Deployed v2', duration: 8000, is_active: true });

    const off = await call('PUT', `/system-messages/${created.id}/toggle`, adminToken);
    expect(off.json().system_message.is_active).toBe(false);
    expect((await call('GET', '/system-messages/')).json().messages.map((m: { id: string }) => m.id)).not.toContain(created.id);
    const on = await call('PUT', `/system-messages/${created.id}/toggle`, adminToken);
    expect(on.json().system_message.is_active).toBe(true);
    expect((await call('GET', '/system-messages/')).json().messages.map((m: { id: string }) => m.id)).toContain(created.id);

    expect((await call('DELETE', `/system-messages/${created.id}`, adminToken)).json()).toEqual({ success: true });
    const gone = await call('PUT', `/system-messages/${created.id}/toggle`, adminToken);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(NotificationMessages.systemMessageNotFound);
    expect((await call('DELETE', `/system-messages/${created.id}`, adminToken)).statusCode).toBe(404);
    expect((await call('PUT', `/system-messages/${created.id}`, adminToken, { message: 'x' })).statusCode).toBe(404);
    for (const [method, url] of [['PUT', '/system-messages/not-a-uuid/toggle'], ['DELETE', '/system-messages/1']] as const) {
      expect((await call(method, url, adminToken)).statusCode, url).toBe(404);
    }
  });

  it('refuses bad input with a clear 400', async () => {
    const cases: Array<[object | undefined, string]> = [
      [undefined, NotificationMessages.systemMessageRequired],
      [['x'], NotificationMessages.systemMessageRequired],
      [{ message: 'x'.repeat(2001) }, NotificationMessages.systemMessageTooLong],
      [{ message: 'x', is_active: 'yes' }, NotificationMessages.systemMessageActive],
      [{ message: 'x', duration: null }, NotificationMessages.systemMessageDuration],
      [{ message: '   ' }, NotificationMessages.systemMessageRequired],
      [{ type: 'info' }, NotificationMessages.systemMessageRequired],
      [{ message: 'x', type: 'critical' }, NotificationMessages.systemMessageType],
      [{ message: 'x', duration: -1000 }, NotificationMessages.systemMessageDuration],
      [{ message: 'x', duration: 2500 }, NotificationMessages.systemMessageDuration],
      [{ message: 'x', duration: '5000' }, NotificationMessages.systemMessageDuration],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/system-messages/', adminToken, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const created = await create({ message: 'Keep me' });
    const empty = await call('PUT', `/system-messages/${created.id}`, adminToken, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(NotificationMessages.systemMessageNothingToChange);
    const none = await call('PUT', `/system-messages/${created.id}`, adminToken);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(NotificationMessages.systemMessageNothingToChange);
    const flag = await call('PUT', `/system-messages/${created.id}`, adminToken, { is_active: 1 });
    expect(flag.json().message).toBe(NotificationMessages.systemMessageActive);
    const bad = await call('PUT', `/system-messages/${created.id}`, adminToken, { duration: 100 });
    expect(bad.json().message).toBe(NotificationMessages.systemMessageDuration);
    expect((await call('GET', '/system-messages/all', adminToken)).json().messages.find((m: { id: string }) => m.id === created.id)).toMatchObject({ duration: 5000 });
  });

  it('keeps every change and the full list to admins: 401 anonymous, 403 for others', async () => {
    const target = await create({ message: 'Admins only may touch this' });
    const routes: Array<[Method, string, object?]> = [
      ['GET', '/system-messages/all'],
      ['POST', '/system-messages/', { message: 'hijack' }],
      ['PUT', `/system-messages/${target.id}`, { message: 'hijack' }],
      ['PUT', `/system-messages/${target.id}/toggle`],
      ['DELETE', `/system-messages/${target.id}`],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      const res = await call(method, url, userToken, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(SharedMessages.adminRequired);
    }
    const all = (await call('GET', '/system-messages/all', adminToken)).json().messages;
    expect(all.find((m: { id: string }) => m.id === target.id)).toMatchObject({ message: 'Admins only may touch this', is_active: true });
    expect(all.some((m: { message: string }) => m.message === 'hijack')).toBe(false);
    // The active list stays public, with or without the trailing slash.
    expect((await call('GET', '/system-messages/')).statusCode).toBe(200);
    expect((await call('GET', '/system-messages')).json().messages.map((m: { id: string }) => m.id)).toContain(target.id);
  });
});

describe('text Postgres cannot store (issue 28)', () => {
  it('is a 400 naming the field on creating and changing a message, never a 500; an id that is no UUID is the message’s 404', async () => {
    const { id } = await create({ message: 'Storable' });
    for (const [text, message] of [
      ['nul\u0000here', SharedMessages.nulCharacter],
      ['x\ud800y', SharedMessages.loneSurrogate],
    ]) {
      for (const [method, url] of [
        ['POST', '/system-messages/'],
        ['PUT', `/system-messages/${id}`],
      ] as const) {
        const res = await call(method, url, adminToken, { message: text });
        expect({ method, status: res.statusCode, body: res.json() }).toEqual({ method, status: 400, body: { error: 'Bad Request', message, field: 'message' } });
      }
    }
    for (const [method, url] of [
      ['PUT', '/system-messages/not-a-uuid/toggle'],
      ['DELETE', '/system-messages/%00'],
    ] as const) {
      const res = await call(method, url, adminToken);
      expect({ url, status: res.statusCode, message: res.json().message }).toEqual({ url, status: 404, message: NotificationMessages.systemMessageNotFound });
    }
  });
});
