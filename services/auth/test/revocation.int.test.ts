import { describe, expect, it } from 'vitest';
import type { TokenVerifier } from '@planner/service-kit';
import { bearer, publishEvent, untilOutboxSent, waitFor } from '@planner/service-kit/testing';
import { useAuth } from './harness.js';
import { DUMMY_TOKEN } from './turnstile-stand-in.js';

// Revocations travel as they do in production: outbox → NATS → every verifier (auth's own and the gateway's).
const h = useAuth();

const post = (url: string, payload: unknown, token?: string) => h.api.send({ method: 'POST', url, payload: payload as object, headers: bearer(token) });
const me = async (token: string) => (await h.api.send({ method: 'GET', url: '/auth/me', headers: bearer(token) })).statusCode;

const refuses = (verifier: TokenVerifier, token: string) => verifier.verify(token).then(() => false, () => true);

/**
 * Every revocation auth has written so far has reached auth's verifier and
 * the gateway's: they are published, and a revocation published after them
 * (of a session opened for the purpose) has been heard by both; NATS brings
 * each subscriber one publisher's messages in order.
 */
async function untilRevocationsHeard(account: { email: string; password: string }): Promise<void> {
  await untilOutboxSent(h.ctx);
  const marker = (await login(account)).access_token;
  const { userId, sessionId } = await h.ctx.verifier.verify(marker);
  await publishEvent(h.ctx, 'auth.sessions.revoked', { userId, sessionIds: [sessionId!], reason: 'test marker' });
  await waitFor(async () => (await refuses(h.ctx.verifier, marker)) && (await refuses(h.api.gateway.ctx.verifier, marker)), (both) => both);
}

let n = 0;
async function newAccount(): Promise<{ email: string; password: string }> {
  n += 1;
  const account = { email: `revoked.${n}@example.com`, password: 'Sturdy#Pass1' };
  const registered = await post('/auth/register', { username: `revoked_${n}`, ...account, newsletter_subscribe: false, turnstile_token: DUMMY_TOKEN });
  expect(registered.statusCode).toBe(201);
  return account;
}
const login = async (account: { email: string; password: string }) => {
  const res = await post('/auth/login', { ...account, stayLoggedIn: true, turnstile_token: DUMMY_TOKEN });
  expect(res.statusCode).toBe(200);
  return res.json() as { access_token: string; refresh_token: string };
};

describe('session revocation ends exactly the sessions it means to', () => {
  it('a login right after a refresh token is replayed works (issue 13: dead on arrival)', async () => {
    const account = await newAccount();
    const first = await login(account);
    const rotated = await post('/auth/refresh', undefined, first.refresh_token);
    expect(rotated.statusCode).toBe(200);
    expect((await post('/auth/refresh', undefined, first.refresh_token)).statusCode).toBe(401);
    const again = await login(account);
    // Once the revocation has reached the verifiers, the replayed session's token is refused…
    await waitFor(() => me(rotated.json().access_token), (status) => status === 401);
    // …and the session opened after it is not, now or once every revocation auth wrote has reached both verifiers.
    expect(await me(again.access_token)).toBe(200);
    await untilRevocationsHeard(account);
    expect(await me(again.access_token)).toBe(200);
  });

  it('a password change ends the other sessions at once and keeps the caller’s and later ones', async () => {
    const account = await newAccount();
    const caller = await login(account);
    const other = await login(account);
    const changed = await post('/auth/change-password', { current_password: account.password, new_password: 'Sturdier#Pass2' }, caller.access_token);
    expect(changed.statusCode).toBe(200);
    const later = await login({ ...account, password: 'Sturdier#Pass2' });
    await waitFor(() => me(other.access_token), (status) => status === 401);
    expect(await me(caller.access_token)).toBe(200);
    expect(await me(later.access_token)).toBe(200);
  });

  it('logout ends the session’s access token too, and only that session', async () => {
    const account = await newAccount();
    const leaving = await login(account);
    const staying = await login(account);
    expect((await post('/auth/logout', undefined, leaving.access_token)).statusCode).toBe(200);
    await waitFor(() => me(leaving.access_token), (status) => status === 401);
    expect(await me(staying.access_token)).toBe(200);
  });
});
