import { describe, expect, it } from 'vitest';
import { bearer } from '@planner/service-kit/testing';
import { useAuth } from './harness.js';
import { DUMMY_TOKEN } from './turnstile-stand-in.js';

const h = useAuth();

const post = (url: string, payload: unknown, token?: string) => h.api.send({ method: 'POST', url, payload: payload as object, headers: bearer(token) });

describe('answers carrying tokens or personal data are kept by no cache (issue 28)', () => {
  it('login, refresh and /auth/me answer Cache-Control: no-store, through the gateway, and so does a refusal', async () => {
    const account = { email: 'cached.not@example.com', password: 'Sturdy#Pass1' };
    expect((await post('/auth/register', { username: 'cached_not', ...account, newsletter_subscribe: false, turnstile_token: DUMMY_TOKEN })).statusCode).toBe(201);
    const login = await post('/auth/login', { ...account, stayLoggedIn: true, turnstile_token: DUMMY_TOKEN });
    const { access_token, refresh_token } = login.json() as { access_token: string; refresh_token: string };
    const answers = {
      login,
      refresh: await post('/auth/refresh', undefined, refresh_token),
      me: await h.api.send({ method: 'GET', url: '/auth/me', headers: bearer(access_token) }),
      refused: await post('/auth/login', { ...account, password: 'Wrong#Pass1', turnstile_token: DUMMY_TOKEN }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, [res.statusCode, res.headers.get('cache-control')]]))).toEqual({
      login: [200, 'no-store'],
      refresh: [200, 'no-store'],
      me: [200, 'no-store'],
      refused: [expect.any(Number), 'no-store'],
    });
  });
});
