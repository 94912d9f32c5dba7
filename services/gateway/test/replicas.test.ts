import { describe, expect, it } from 'vitest';
import { loadConfig } from '@planner/service-kit';
import { configSchema, upstreamsOf } from '../src/config.js';
import { afterConnectionFailure, afterProbe, chooseReplica, discoveredOrigins, initialStanding, mayRetry, membershipChange, type ReplicaLoad } from '../src/domain/replicas.js';

describe('replicas', () => {
  it('reads a service\'s replicas from a comma-separated list of URLs; one URL works as before', () => {
    const config = loadConfig(configSchema, { AUTH_URL: 'http://a:4001, http://b:4101', POSTS_URL: 'http://posts:4003' });
    expect(upstreamsOf(config)).toMatchObject({ auth: ['http://a:4001', 'http://b:4101'], posts: ['http://posts:4003'], organizations: ['http://127.0.0.1:4002'] });
    expect(() => loadConfig(configSchema, { AUTH_URL: 'http://a:4001,not a url' })).toThrow(/AUTH_URL/);
    expect(() => loadConfig(configSchema, { AUTH_URL: ',' })).toThrow(/AUTH_URL/);
  });

  it('takes the URLs as the replicas unless told to look their names up', () => {
    expect(loadConfig(configSchema, {})).toMatchObject({ UPSTREAM_DISCOVERY: 'static', UPSTREAM_DISCOVERY_INTERVAL_MS: 5000 });
    expect(loadConfig(configSchema, { UPSTREAM_DISCOVERY: 'dns' }).UPSTREAM_DISCOVERY).toBe('dns');
    expect(() => loadConfig(configSchema, { UPSTREAM_DISCOVERY: 'srv' })).toThrow(/UPSTREAM_DISCOVERY/);
  });

  it('makes a replica of each address a name resolves to, on the URL\'s scheme and port', () => {
    expect(discoveredOrigins('http://posts-replicas:4003', ['10.0.0.7', '10.0.0.5', '10.0.0.7'])).toEqual(['http://10.0.0.5:4003', 'http://10.0.0.7:4003']);
    expect(discoveredOrigins('http://posts-replicas:4003', ['fd00::5'])).toEqual(['http://[fd00::5]:4003']);
    expect(discoveredOrigins('https://posts.example:443', ['10.0.0.5'])).toEqual(['https://10.0.0.5']);
  });

  it('lets the replicas found join and those no longer found leave, and changes nothing on a lookup that found none', () => {
    const current = ['http://10.0.0.5:4003', 'http://10.0.0.6:4003'];
    expect(membershipChange(current, ['http://10.0.0.6:4003', 'http://10.0.0.7:4003'])).toEqual({ joining: ['http://10.0.0.7:4003'], leaving: ['http://10.0.0.5:4003'] });
    expect(membershipChange(current, [...current].reverse())).toEqual({ joining: [], leaving: [] });
    expect(membershipChange(['http://posts-replicas:4003'], current)).toEqual({ joining: current, leaving: ['http://posts-replicas:4003'] });
    expect(membershipChange(current, [])).toEqual({ joining: [], leaving: [] });
  });

  const load = (state: ReplicaLoad['state'], inFlight = 0): ReplicaLoad => ({ state, inFlight });

  it('goes round robin over equally loaded replicas, else to the one with the fewest requests in flight', () => {
    const replicas = [load('up'), load('up'), load('up')];
    expect([0, 1, 2, 3].map((cursor) => chooseReplica(replicas, cursor % 3))).toEqual([0, 1, 2, 0]);
    expect(chooseReplica([load('up', 3), load('up', 1), load('up', 2)], 0)).toBe(1);
  });

  it('never chooses one that is out, prefers up to degraded, and finds none when all are out', () => {
    expect(chooseReplica([load('out'), load('up', 9)], 0)).toBe(1);
    expect(chooseReplica([load('degraded'), load('up', 9)], 0)).toBe(1);
    expect(chooseReplica([load('degraded', 2), load('out'), load('degraded', 1)], 0)).toBe(2);
    expect(chooseReplica([load('out'), load('out')], 0)).toBe(-1);
  });

  it('chooses another than the one a retry skips, or none', () => {
    expect(chooseReplica([load('up'), load('up', 5)], 0, 0)).toBe(1);
    expect(chooseReplica([load('up'), load('out')], 0, 0)).toBe(-1);
  });

  it('takes a replica out on a refused or reset connection, and lets it back on a probe that started afterwards', () => {
    const out = afterConnectionFailure(initialStanding(0), 'ECONNREFUSED', 100);
    expect(out).toEqual({ state: 'out', since: 100, reason: 'ECONNREFUSED' });
    expect(afterConnectionFailure(out, 'ECONNRESET', 150)).toBe(out);
    // A probe answered before the failure says nothing of the replica after it.
    expect(afterProbe(out, { status: 'up' }, 90, 120)).toBe(out);
    expect(afterProbe(out, { status: 'up' }, 110, 130)).toEqual({ state: 'up', since: 130 });
    expect(afterProbe(out, { status: 'degraded' }, 110, 130)).toEqual({ state: 'degraded', since: 130 });
  });

  it('takes a replica out when its probe fails or it drains, and keeps a steady standing as it is', () => {
    const up = initialStanding(0);
    expect(afterProbe(up, { status: 'down', error: 'draining' }, 10, 20)).toEqual({ state: 'out', since: 20, reason: 'draining' });
    expect(afterProbe(up, { status: 'down', error: 'no answer within 3000 ms' }, 10, 20)).toMatchObject({ state: 'out' });
    expect(afterProbe(up, { status: 'up' }, 10, 20)).toBe(up);
    const out = afterProbe(up, { status: 'down', error: 'draining' }, 10, 20);
    expect(afterProbe(out, { status: 'down', error: 'ECONNREFUSED' }, 30, 40)).toBe(out);
  });

  it('sends again only a safe request without a body, once, that failed on the connection before any answer', () => {
    const get = { method: 'GET', hasBody: false, bodyUnsent: true, attempt: 1 };
    const refused = { code: 'ECONNREFUSED', answered: false };
    const reset = { code: 'ECONNRESET', answered: false };
    expect(mayRetry(get, refused)).toBe(true);
    expect(mayRetry({ ...get, method: 'HEAD' }, { code: 'UND_ERR_SOCKET', answered: false })).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(mayRetry({ ...get, method, hasBody: true, bodyUnsent: false }, reset)).toBe(false);
    expect(mayRetry({ ...get, hasBody: true, bodyUnsent: false }, reset)).toBe(false);
    expect(mayRetry({ ...get, attempt: 2 }, refused)).toBe(false);
    expect(mayRetry(get, { code: 'ECONNRESET', answered: true })).toBe(false);
    expect(mayRetry(get, { code: 'UND_ERR_HEADERS_TIMEOUT', answered: false })).toBe(false);
    expect(mayRetry(get, { code: undefined, answered: false })).toBe(false);
  });

  it('sends any request again, once, whose connection was refused before its body went out (drill: a POST to a killed replica failed)', () => {
    const post = { method: 'POST', hasBody: true, bodyUnsent: true, attempt: 1 };
    expect(mayRetry(post, { code: 'ECONNREFUSED', answered: false })).toBe(true);
    expect(mayRetry({ ...post, bodyUnsent: false }, { code: 'ECONNREFUSED', answered: false })).toBe(false);
    expect(mayRetry(post, { code: 'ECONNRESET', answered: false })).toBe(false);
    expect(mayRetry({ ...post, attempt: 2 }, { code: 'ECONNREFUSED', answered: false })).toBe(false);
  });
});
