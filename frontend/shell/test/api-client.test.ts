import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SharedMessages } from '@planner/contracts';
import { SESSION_EXPIRED_PATH } from '../src/api/client.js';
import { HttpError } from '../src/api/errors.js';
import { waitInMinutesAndSeconds } from '../src/api/rate-limit.js';
import { startApi, testShell, user } from './support.js';

let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
beforeEach(() => {
  window.localStorage.clear();
  api.calls.length = 0;
});

function loggedIn(shell: ReturnType<typeof testShell>, access = 'old-access', refresh = 'refresh-1'): void {
  shell.services.session.set({ access_token: access, refresh_token: refresh, user: user() });
}

/** A login body as the contract types it (the fake server answers whatever it is). */
const credentials = { email: 'jane@example.com', password: 'Secret1!', turnstile_token: 'token' };

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('expected the request to fail');
}

describe('access token refresh (part 1 §4)', () => {
  it('refreshes once on 401 and repeats the request with the new token; parallel 401s share one refresh', async () => {
    api.handle((call) => {
      if (call.path === '/auth/refresh') {
        return call.authorization === 'Bearer refresh-1'
          ? { status: 200, body: { access_token: 'new-access', refresh_token: 'refresh-2', user: user() } }
          : { status: 401, body: { message: 'no' } };
      }
      return call.authorization === 'Bearer new-access' ? { status: 200, body: { ok: call.path } } : { status: 401, body: { message: 'expired' } };
    });
    const shell = testShell(api.url);
    loggedIn(shell);
    const [a, b] = await Promise.all([
      shell.services.client.request('GET', '/organizations'),
      shell.services.client.request('GET', '/organizations/limits'),
    ]);
    expect(a).toEqual({ ok: '/organizations' });
    expect(b).toEqual({ ok: '/organizations/limits' });
    expect(api.calls.filter((c) => c.path === '/auth/refresh')).toHaveLength(1);
    expect(shell.services.session.accessToken).toBe('new-access');
    expect(shell.services.session.refreshToken).toBe('refresh-2');
    expect(shell.redirects).toEqual([]);
  });

  it('clears the session and goes to /login?session_expired=true when the refresh fails, at most once per 2 s', async () => {
    api.handle(() => ({ status: 401, body: { message: 'expired' } }));
    const shell = testShell(api.url);
    loggedIn(shell);
    const error = await failure(shell.services.client.request('GET', '/auth/me'));
    expect(error.status).toBe(401);
    expect(error.message).toBe(SharedMessages.authenticationRequired);
    expect(shell.services.session.user).toBeNull();
    expect(shell.services.session.accessToken).toBeNull();
    expect(shell.redirects).toEqual([SESSION_EXPIRED_PATH]);

    shell.clock.now += 1500;
    loggedIn(shell);
    await failure(shell.services.client.request('GET', '/auth/me'));
    expect(shell.redirects, 'a second expiry within 2 s does not redirect again').toHaveLength(1);

    shell.clock.now += 600;
    loggedIn(shell);
    await failure(shell.services.client.request('GET', '/auth/me'));
    expect(shell.redirects).toEqual([SESSION_EXPIRED_PATH, SESSION_EXPIRED_PATH]);
  });

  it('does not try a refresh without a refresh token, and never redirects a visitor who had no session', async () => {
    api.handle(() => ({ status: 401, body: { message: 'Invalid credentials.' } }));
    const shell = testShell(api.url);
    window.localStorage.setItem('isLoggedIn', 'true');
    window.localStorage.setItem('access_token', 'only-access');
    await failure(shell.services.client.request('GET', '/auth/me'));
    expect(api.calls.map((c) => c.path)).toEqual(['/auth/me']);
    expect(shell.redirects).toEqual([SESSION_EXPIRED_PATH]);

    const visitor = testShell(api.url);
    api.calls.length = 0;
    const login = await failure(visitor.services.client.request('POST', '/auth/login', { body: credentials, auth: false }));
    expect(login.status).toBe(401);
    expect(login.body).toEqual({ message: 'Invalid credentials.' });
    expect(api.calls.map((c) => c.path)).toEqual(['/auth/login']);
    expect(visitor.redirects).toEqual([]);
  });
});

describe('circuit breaker (part 1 §4, §9)', () => {
  it('opens after 3 connection failures, refuses calls for 30 s without touching the network, then probes again', async () => {
    const shell = testShell('http://127.0.0.1:9'); // nothing listens on the discard port
    const lost: string[] = [];
    shell.services.client.events.subscribe((event) => lost.push(event.type));
    for (let i = 0; i < 3; i += 1) {
      const error = await failure(shell.services.client.request('GET', '/version'));
      expect(error.message).toBe(SharedMessages.noResponse);
    }
    expect(lost).toEqual(['connection-lost', 'connection-lost', 'connection-lost']);
    const open = await failure(shell.services.client.request('GET', '/version'));
    expect(open.message).toBe(SharedMessages.serviceUnavailable);
    expect(lost, 'no network attempt while open').toHaveLength(3);

    shell.clock.now += 29_999;
    expect((await failure(shell.services.client.request('GET', '/version'))).message).toBe(SharedMessages.serviceUnavailable);
    shell.clock.now += 1;
    expect((await failure(shell.services.client.request('GET', '/version'))).message).toBe(SharedMessages.noResponse);
    expect(lost).toHaveLength(4);
    expect((await failure(shell.services.client.request('GET', '/version'))).message, 'a failed probe re-opens it').toBe(
      SharedMessages.serviceUnavailable,
    );
  });

  it('closes on the first answer and announces the connection', async () => {
    api.handle(() => ({ status: 200, body: { status: 'ok' } }));
    const shell = testShell(api.url);
    const events: string[] = [];
    shell.services.client.events.subscribe((event) => events.push(event.type));
    shell.services.client.circuit.recordFailure();
    shell.services.client.circuit.recordFailure();
    await shell.services.client.request('GET', '/version');
    shell.services.client.circuit.recordFailure();
    expect(shell.services.client.circuit.isOpen, 'the count started again').toBe(false);
    expect(events).toEqual(['connected']);
  });

  it('announces a restored connection once, on the first answer after a connection failure (the statistics pages’ prompt)', async () => {
    api.handle(() => ({ status: 200, body: { version: '1' } }));
    const target = { url: 'http://127.0.0.1:9' };
    const shell = testShell(target);
    const events: string[] = [];
    shell.services.client.events.subscribe((event) => events.push(event.type));
    await shell.services.client.request('GET', '/version').catch(() => undefined);
    target.url = api.url;
    await shell.services.client.request('GET', '/version');
    await shell.services.client.request('GET', '/version');
    expect(events).toEqual(['connection-lost', 'connected', 'connection-restored', 'connected']);
  });

  it('shows the persistent API-down notice at most once per 60 s', async () => {
    const shell = testShell('http://127.0.0.1:9');
    await failure(shell.services.client.request('GET', '/version'));
    await failure(shell.services.client.request('GET', '/statistics'));
    expect(shell.services.toasts.getSnapshot().map((t) => t.message)).toEqual([SharedMessages.noResponse]);
  });
});

describe('rate-limit state (code 3015, part 1 §4, §8)', () => {
  const limited = () => ({
    status: 429,
    headers: { 'retry-after': '90', 'x-ratelimit-reset': '90' },
    body: { code: 3015, message: SharedMessages.rateLimited('90 seconds'), reset: 90 },
  });

  it('blocks the path until the reset, across a reload, with the spec text and one toast per 5 s', async () => {
    api.handle((call) => (call.path === '/auth/login' ? limited() : { status: 200, body: { ok: true } }));
    const shell = testShell(api.url);
    const first = await failure(shell.services.client.request('POST', '/auth/login', { body: credentials, auth: false }));
    expect(first.status).toBe(429);
    expect(first.message).toBe(SharedMessages.rateLimited('1 minute 30 seconds'));
    expect(api.calls).toHaveLength(1);

    const blocked = await failure(shell.services.client.request('POST', '/auth/login', { body: credentials, auth: false }));
    expect(blocked.status).toBe(429);
    expect(api.calls, 'no request while blocked').toHaveLength(1);
    expect(shell.services.toasts.getSnapshot().filter((t) => t.message.startsWith('Slow down'))).toHaveLength(1);

    expect(await shell.services.client.request('GET', '/blog/posts', { query: { page: 2 }, auth: false }), 'other paths go through').toEqual({ ok: true });
    expect(api.calls.at(-1)?.path).toBe('/blog/posts?page=2');

    const reloaded = testShell(api.url);
    reloaded.clock.now = shell.clock.now + 30_000;
    const afterReload = await failure(reloaded.services.client.request('POST', '/auth/login', { body: credentials, auth: false }));
    expect(afterReload.message).toBe(SharedMessages.rateLimited('1 minute'));
    expect(reloaded.services.client.rateLimits.longestRemaining()).toBe(60);
    expect(reloaded.services.client.rateLimits.latestEnd()).toBe(shell.clock.now + 90_000);

    reloaded.clock.now = shell.clock.now + 90_000;
    api.handle(() => ({ status: 200, body: { ok: 'again' } }));
    expect(await reloaded.services.client.request('POST', '/auth/login', { body: credentials, auth: false })).toEqual({ ok: 'again' });
    expect(reloaded.services.client.rateLimits.latestEnd()).toBeNull();
  });

  it('waits 30 s when the answer names no wait; another 429 is not a path block', async () => {
    api.handle(() => ({ status: 429, body: { code: 3015, message: 'slow' } }));
    const shell = testShell(api.url);
    await failure(shell.services.client.request('GET', '/statistics'));
    expect(shell.services.client.rateLimits.remaining('/statistics')).toBe(30);

    api.handle(() => ({ status: 429, body: { message: 'busy' } }));
    const other = await failure(shell.services.client.request('GET', '/blog/categories'));
    expect(other.message).toBe(SharedMessages.rateLimitedShort);
    expect(shell.services.client.rateLimits.remaining('/blog/categories')).toBe(0);
  });
});

describe('the rate-limit wait in words (part 1 §2, §8)', () => {
  it.each([
    [0.2, '1 second'],
    [45, '45 seconds'],
    [60, '1 minute'],
    [88, '1 minute 28 seconds'],
    [121, '2 minutes 1 second'],
  ])('words %s s as "%s"', (seconds, words) => {
    expect(waitInMinutesAndSeconds(seconds)).toBe(words);
  });
});

describe('error texts (part 1 §8)', () => {
  it.each([
    [400, { error: 'Bad Request', message: 'Name is required.' }, 'Name is required.'],
    [400, null, SharedMessages.badRequest],
    [403, { error: 'Forbidden', message: 'x' }, SharedMessages.forbidden],
    [404, { error: 'Not Found', message: 'x' }, SharedMessages.notFound],
    [500, { error_messages: ['one', 'two'] }, 'one, two'],
    [502, { error: 'Bad Gateway', message: 'The organizations service is unavailable.' }, 'The organizations service is unavailable.'],
    [503, null, SharedMessages.serverError],
  ])('%i with %j reads "%s"', async (status, body, text) => {
    api.handle(() => ({ status, body: body ?? undefined }));
    const shell = testShell(api.url);
    const error = await failure(shell.services.client.request('GET', '/organizations'));
    expect(error.status).toBe(status);
    expect(error.message).toBe(text);
  });
});

describe('forms and media (the post form\'s submit, stored media)', () => {
  const form = () => {
    const data = new FormData();
    data.append('organization_id', 'o1');
    data.append('content', 'Fresh bread');
    data.append('media', new Blob(['picture bytes'], { type: 'image/png' }), 'bread.png');
    return data;
  };

  it('sends a FormData body as multipart with the token, and through the upload transport (XMLHttpRequest) when its progress is watched, refreshing on 401 as for any call', async () => {
    api.handle((call) => {
      if (call.path === '/auth/refresh') return { status: 200, body: { access_token: 'new-access', refresh_token: 'refresh-2', user: user() } };
      return call.authorization === 'Bearer new-access' ? { status: 201, body: { message: 'Post scheduled successfully for X!', posted_links: [] } } : { status: 401, body: { message: 'expired' } };
    });
    const shell = testShell(api.url);
    loggedIn(shell);
    const progress: number[] = [];
    const answer = await shell.services.client.request('POST', '/schedule_post/later', { body: form(), onUploadProgress: ({ loaded }) => progress.push(loaded) });
    expect(answer).toEqual({ message: 'Post scheduled successfully for X!', posted_links: [] });
    expect(shell.uploads).toEqual(['/api/schedule_post/later', '/api/schedule_post/later']);
    const sent = api.calls.filter((c) => c.path === '/schedule_post/later');
    expect(sent.map((c) => c.authorization)).toEqual(['Bearer old-access', 'Bearer new-access']);
    expect(sent[1]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const body = String(sent[1]!.body);
    expect(body.indexOf('name="organization_id"')).toBeLessThan(body.indexOf('name="media"; filename='));
    expect(body).toContain('picture bytes');
  });

  it('sends a form without a progress listener with fetch, and reads an error as any other', async () => {
    api.handle(() => ({ status: 502, body: { error: 'Bad Gateway', message: 'Failed to publish: X: refused', posted_links: [] } }));
    const shell = testShell(api.url);
    loggedIn(shell);
    const error = await failure(shell.services.client.request('POST', '/schedule_post/now', { body: form() }));
    expect(error.message).toBe('Failed to publish: X: refused');
    expect(shell.uploads).toEqual([]);
    expect(api.calls[0]!.contentType).toMatch(/^multipart\/form-data/);
  });

  it('answers a media file as a Blob', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    api.handle(() => ({ status: 200, body: bytes, headers: { 'content-type': 'image/png' } }));
    const shell = testShell(api.url);
    loggedIn(shell);
    const media = await shell.services.client.request('GET', '/media/:organizationId/:file', { params: { organizationId: 'o1', file: 'a.png' } });
    expect(media).toBeInstanceOf(Blob);
    expect(media.type).toBe('image/png');
    expect(new Uint8Array(await media.arrayBuffer())).toEqual(new Uint8Array(bytes));
    expect(api.calls[0]!.authorization).toBe('Bearer old-access');
  });
});

describe('two tabs sharing the session', () => {
  it('a tab whose token was refreshed by another one retries with the new token instead of logging out', async () => {
    let refreshes = 0;
    api.handle((call) => {
      if (call.path === '/auth/refresh') {
        refreshes += 1;
        // Single-use refresh tokens: only the first refresh with refresh-1 succeeds.
        return call.authorization === 'Bearer refresh-1' && refreshes === 1
          ? { status: 200, body: { access_token: 'new-access', refresh_token: 'refresh-2', user: user() } }
          : { status: 401, body: { message: 'Invalid refresh token' } };
      }
      return call.authorization === 'Bearer new-access' ? { status: 200, body: { ok: true } } : { status: 401, body: { message: 'expired' } };
    });
    const tabA = testShell(api.url);
    const tabB = testShell(api.url);
    loggedIn(tabA);
    // Both tabs send with the old token at the same time; A refreshes first.
    const [a, b] = await Promise.all([tabA.services.client.request('GET', '/organizations'), tabB.services.client.request('GET', '/auth/me')]);
    expect(a).toEqual({ ok: true });
    expect(b).toEqual({ ok: true });
    expect(tabA.redirects).toEqual([]);
    expect(tabB.redirects).toEqual([]);
    expect(window.localStorage.getItem('access_token')).toBe('new-access');
  });
});

describe('API paths (the remote contract\'s ApiEndpoints)', () => {
  it('fills in path parameters (URI-encoded) and appends the query, leaving out undefined values', async () => {
    api.handle(() => ({ status: 200, body: { ok: true } }));
    const shell = testShell(api.url);
    loggedIn(shell);
    await shell.services.client.request('PUT', '/organizations/:id', { params: { id: 'o 1/2' }, body: { name: 'Acme' } });
    await shell.services.client.request('GET', '/blog/posts/:slug', { params: { slug: 'hello-world' }, auth: false });
    await shell.services.client.request('GET', '/blog/posts', { query: { page: 1, per_page: 3, category: undefined }, auth: false });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /organizations/o%201%2F2',
      'GET /blog/posts/hello-world',
      'GET /blog/posts?page=1&per_page=3',
    ]);
    expect(api.calls[0]?.body).toEqual({ name: 'Acme' });
  });

  it('takes only the paths of the map, with their parameters and bodies, and answers their types (tsc checks the lines below)', () => {
    const { client } = testShell(api.url).services;
    // Never called: what matters is that each line fails tsc (an unused @ts-expect-error fails it too).
    const typos = async () => {
      // @ts-expect-error a path that is not in the map (a typo)
      await client.request('GET', '/organisations');
      // @ts-expect-error a path of the map with another method
      await client.request('POST', '/statistics');
      // @ts-expect-error a parameterized path without its parameter
      await client.request('PUT', '/organizations/:id/activate');
      // @ts-expect-error a parameter the path does not have
      await client.request('PUT', '/organizations/:id/activate', { params: { slug: 'x' } });
      // @ts-expect-error a body that is not the endpoint's (contracts' loginRequestSchema)
      await client.request('POST', '/auth/login', { body: { email: 'jane@example.com' } });
      // @ts-expect-error the answer used as another type (contracts' landingStatisticsSchema)
      const posts: number = (await client.request('GET', '/statistics', { auth: false })).total_posts.toFixed();
      return posts;
    };
    expect(typos).toBeTypeOf('function');
  });
});
