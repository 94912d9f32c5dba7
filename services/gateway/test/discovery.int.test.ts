import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '@planner/service-kit/testing';
import { createAdapters } from '../src/adapters/index.js';
import { startGateway, startUpstream, waitFor, type TestGateway, type Upstream } from './helpers.js';

/**
 * Replicas found by name (UPSTREAM_DISCOVERY=dns), as in Kubernetes where a headless Service
 * has one record per ready pod and every pod listens on the same port of its own address:
 * here each replica listens on its own loopback address (127.0.0.2, 127.0.0.3) and the
 * lookup the gateway is given answers what the test says the name resolves to.
 */
const NAME = 'organizations-replicas.test';
const LOOKUP_EVERY_MS = 50;
const FAST = { UPSTREAM_DISCOVERY: 'dns', UPSTREAM_DISCOVERY_INTERVAL_MS: String(LOOKUP_EVERY_MS), UPSTREAM_HEALTH_INTERVAL_MS: '100', HEALTH_TIMEOUT_MS: '500' };

let gateway: TestGateway | undefined;
const replicas: Upstream[] = [];

afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
  await Promise.all(replicas.splice(0).map((replica) => replica.close().catch(() => undefined)));
});

/** A replica of organizations on `host`:`port` that names itself in every answer and counts what it saw. */
async function startReplica(name: string, host: string, port: number) {
  const seen = { who: 0, slow: 0 };
  const upstream = await startUpstream(
    'organizations',
    (app) => {
      app.get('/organizations/who', async () => (seen.who++, { replica: name }));
      app.get('/organizations/slow', async () => {
        seen.slow++;
        await sleep(600);
        return { replica: name, finished: true };
      });
    },
    { host, port },
  );
  replicas.push(upstream);
  return { ...upstream, seen };
}

/** Two replicas on one port, the name resolving to what `records` holds at each lookup (an Error: the lookup fails). */
async function setUp() {
  const port = await freePort();
  const a = await startReplica('a', '127.0.0.2', port);
  const b = await startReplica('b', '127.0.0.3', port);
  const lookups: string[] = [];
  const dns = { records: ['127.0.0.2'] as string[] | Error };
  gateway = await startGateway({
    upstreams: { organizations: `http://${NAME}:${port}` },
    env: FAST,
    adapters: {
      lookupHost: async (hostname) => {
        lookups.push(hostname);
        if (dns.records instanceof Error) throw dns.records;
        return dns.records;
      },
    },
  });
  return { a, b, dns, lookups };
}

const who = async () => {
  const response = await fetch(`${gateway!.url}/api/organizations/who`);
  return { status: response.status, replica: ((await response.json()) as { replica?: string }).replica };
};
const spread = async (count: number) => (await Promise.all(Array.from({ length: count }, who))).map((answer) => (answer.status === 200 ? answer.replica : answer.status));

describe('replicas found by name', () => {
  it('sends requests to the addresses the name resolves to, looked up again and again', async () => {
    const { a, b, lookups } = await setUp();
    expect(await spread(6)).toEqual(Array(6).fill('a'));
    expect(b.seen.who).toBe(0);
    // Every interval, for every service (the others' URLs name 127.0.0.1, where nothing listens).
    await waitFor(() => lookups.filter((name) => name === NAME).length, (n) => n >= 3);
    expect(new Set(lookups)).toEqual(new Set([NAME, '127.0.0.1']));
    expect(a.seen.who).toBe(6);
  });

  it('lets a replica the autoscaler adds take its share at once, kept-alive connections notwithstanding', async () => {
    const { dns } = await setUp();
    // Connections to a are open and kept alive before b exists.
    expect(await spread(10)).toEqual(Array(10).fill('a'));
    dns.records = ['127.0.0.2', '127.0.0.3'];
    await waitFor(who, (answer) => answer.replica === 'b');
    const answers = await spread(30);
    expect(answers.filter((name) => name === 'a').length).toBeGreaterThanOrEqual(8);
    expect(answers.filter((name) => name === 'b').length).toBeGreaterThanOrEqual(8);
  });

  it('sends nothing more to a replica that left the records, and lets its request under way finish', async () => {
    const { a, b, dns } = await setUp();
    dns.records = ['127.0.0.2', '127.0.0.3'];
    await waitFor(who, (answer) => answer.replica === 'b');
    // One slow request on a (the fewest in flight wins, so a second one goes to b).
    const slow = [fetch(`${gateway!.url}/api/organizations/slow`), (await sleep(20), fetch(`${gateway!.url}/api/organizations/slow`))];
    await waitFor(() => a.seen.slow, (n) => n === 1);
    dns.records = ['127.0.0.3'];
    await sleep(LOOKUP_EVERY_MS * 4);
    const before = a.seen.who;
    expect(await spread(10)).toEqual(Array(10).fill('b'));
    expect(a.seen.who).toBe(before);
    const finished = await Promise.all(slow.map(async (answer) => ((await (await answer).json()) as { finished?: boolean }).finished));
    expect(finished).toEqual([true, true]);
    expect(b.seen.slow).toBe(1);
  });

  it('keeps its replicas when a lookup fails or finds nothing', async () => {
    const { dns } = await setUp();
    dns.records = ['127.0.0.2', '127.0.0.3'];
    await waitFor(who, (answer) => answer.replica === 'b');
    dns.records = Object.assign(new Error('queryA ENOTFOUND'), { code: 'ENOTFOUND' });
    await sleep(LOOKUP_EVERY_MS * 4);
    expect(new Set(await spread(20))).toEqual(new Set(['a', 'b']));
    dns.records = [];
    await sleep(LOOKUP_EVERY_MS * 4);
    expect(new Set(await spread(20))).toEqual(new Set(['a', 'b']));
  });

  it('probes each replica it found: one that dies while still in the records is taken out and no request fails', async () => {
    const { a, dns } = await setUp();
    dns.records = ['127.0.0.2', '127.0.0.3'];
    await waitFor(who, (answer) => answer.replica === 'b');
    a.app.server.closeAllConnections();
    await a.app.close();
    expect(await spread(10)).toEqual(Array(10).fill('b'));
    await sleep(300);
    expect(await spread(10)).toEqual(Array(10).fill('b'));
  });
});

describe('the system resolver', () => {
  it('finds localhost on the loopback address', async () => {
    const { lookupHost } = await createAdapters({} as never, { rateLimitStore: {} as never });
    expect(await lookupHost('localhost')).toContain('127.0.0.1');
    await expect(lookupHost('no-such-host.invalid')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});
