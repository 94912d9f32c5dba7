import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SystemMessages, MAX_ERRORS } from '../src/background/system-messages.js';
import { IDLE_AFTER_MS, MAX_RELOADS, RELOAD_COOLDOWN_MS, VERSION_CHECK_ACTIVE_MS, VERSION_CHECK_IDLE_MS, VERSION_KEY, VersionCheck } from '../src/background/version-check.js';
import { startApi, testShell } from './support.js';

let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  api.calls.length = 0;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('version check (part 1 §4, §9)', () => {
  function versionCheck() {
    const shell = testShell(api.url);
    const reloads: number[] = [];
    const events = new EventTarget();
    const check = new VersionCheck({
      client: shell.services.client,
      storage: window.localStorage,
      session: window.sessionStorage,
      now: () => shell.clock.now,
      reload: () => reloads.push(shell.clock.now),
      activity: events as unknown as Window,
    });
    return { shell, check, reloads, events };
  }

  it('reloads 500 ms after the served version differs from the running one, and not before', async () => {
    let version = '1.0.0';
    api.handle(() => ({ status: 200, body: { version } }));
    const { check, reloads } = versionCheck();
    await check.start();
    check.stop();
    expect(window.localStorage.getItem(VERSION_KEY)).toBe('1.0.0');
    expect(await check.check()).toBe(false);
    version = '1.1.0';
    expect(await check.check()).toBe(true);
    await sleep(300);
    expect(reloads).toHaveLength(0);
    await sleep(300);
    expect(reloads).toHaveLength(1);
    expect(window.localStorage.getItem(VERSION_KEY)).toBe('1.1.0');
  });

  it('reloads at most 3 times, then waits out the 60 s cooldown', async () => {
    let version = 'a';
    api.handle(() => ({ status: 200, body: { version } }));
    const { check, shell } = versionCheck();
    await check.start();
    check.stop();
    version = 'b';
    const results = [];
    for (let i = 0; i < MAX_RELOADS + 1; i += 1) results.push(await check.check());
    expect(results).toEqual([true, true, true, false]);
    shell.clock.now += RELOAD_COOLDOWN_MS;
    expect(await check.check()).toBe(true);
  });

  it('checks every 5 minutes while active and every 15 once idle for 2 minutes', async () => {
    api.handle(() => ({ status: 200, body: { version: 'x' } }));
    const { check, shell, events } = versionCheck();
    await check.start();
    expect(check.nextDelay()).toBe(VERSION_CHECK_ACTIVE_MS);
    shell.clock.now += IDLE_AFTER_MS;
    expect(check.nextDelay()).toBe(VERSION_CHECK_IDLE_MS);
    events.dispatchEvent(new Event('keydown'));
    expect(check.nextDelay()).toBe(VERSION_CHECK_ACTIVE_MS);
    check.stop();
  });
});

describe('system messages (part 1 §3, §9)', () => {
  it('keeps the active messages for the banner area, at most three shown, until dismissed per user or run out', async () => {
    const message = (id: string, duration: number) => ({ id, type: 'info', message: id, duration, is_active: true });
    api.handle(() => ({ status: 200, body: { messages: ['m1', 'm2', 'm3', 'm4', 'm5'].map((id) => message(id, id === 'm2' ? 5000 : 0)) } }));
    const shell = testShell(api.url);
    const poller = new SystemMessages({ client: shell.services.client, storage: window.localStorage, session: window.sessionStorage });
    await poller.fetchOnce();
    const ids = (userId: string | null) => poller.pendingFor(userId).shown.map((m) => m.id);
    expect(ids('u1')).toEqual(['m1', 'm2', 'm3']);
    expect(poller.pendingFor('u1').more).toBe(2);
    poller.dismiss('u1', 'm1');
    poller.expire('m2');
    expect(ids('u1')).toEqual(['m3', 'm4', 'm5']);
    expect(poller.pendingFor('u1').more).toBe(0);
    expect(ids('u2'), 'another user dismissed nothing').toEqual(['m1', 'm3', 'm4']);
    expect(ids(null), 'nor did a visitor').toEqual(['m1', 'm3', 'm4']);
    expect(api.calls.map((c) => c.path)).toEqual(['/system-messages/']);
  });

  it('pauses after 3 errors in a row and resumes once the API answers again', async () => {
    api.handle(() => ({ status: 500, body: { message: 'down' } }));
    const shell = testShell(api.url);
    const poller = new SystemMessages({ client: shell.services.client, storage: window.localStorage, session: window.sessionStorage });
    poller.start();
    for (let i = 0; i < MAX_ERRORS - 1; i += 1) await poller.fetchOnce();
    expect(poller.isPaused).toBe(false);
    await poller.fetchOnce();
    expect(poller.isPaused).toBe(true);
    shell.services.client.events.emit({ type: 'connected' });
    expect(poller.isPaused).toBe(false);
    poller.stop();
  });
});
