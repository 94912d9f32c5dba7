import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { SharedMessages } from '@planner/contracts';
import { drainApp } from '@planner/service-kit';
import { freePort } from '@planner/service-kit/testing';
import { createAdapters } from '../src/adapters/index.js';
import { startGateway, startUpstream, waitFor, type TestGateway, type Upstream } from './helpers.js';

/** How often the gateway probes each replica here: fast, so ejection and re-admission show within a test. */
const PROBE_EVERY_MS = 100;
const FAST_PROBES = { UPSTREAM_HEALTH_INTERVAL_MS: String(PROBE_EVERY_MS), HEALTH_TIMEOUT_MS: '500' };

interface Replica extends Upstream {
  name: string;
  /** Requests its handlers saw, by route. */
  seen: Record<string, number>;
}

/**
 * One replica of organizations on a free port (or `port`, restarted where it was; on `host`, a loopback
 * address of its own): names itself in every answer; with `resets`, cuts the connection of
 * /organizations/reset instead of answering.
 */
async function startReplica(name: string, { port = 0, resets = false, host = undefined as string | undefined } = {}): Promise<Replica> {
  const seen: Record<string, number> = {};
  const count = (route: string) => (seen[route] = (seen[route] ?? 0) + 1);
  const upstream = await startUpstream(
    'organizations',
    (app) => {
      app.get('/organizations/who', async () => (count('who'), { replica: name }));
      app.get('/organizations/slow', async () => {
        count('slow');
        await sleep(800);
        return { replica: name, finished: true };
      });
      const reset = async (request: FastifyRequest) => {
        count('reset');
        if (!resets) return { replica: name };
        request.raw.socket.destroy();
        return new Promise(() => {});
      };
      app.get('/organizations/reset', reset);
      app.post('/organizations/echo', async (request) => (count('echo'), { replica: name, got: request.body }));
      app.post('/organizations/reset', reset);
    },
    { port, host },
  );
  return { ...upstream, name, seen };
}

/** Stops a replica as a crash does: its connections cut, its port refusing. */
async function kill(replica: Upstream): Promise<void> {
  replica.app.server.closeAllConnections();
  await replica.app.close();
}

let gateway: TestGateway | undefined;
const replicas: Upstream[] = [];

afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
  await Promise.all(replicas.splice(0).map((replica) => replica.close().catch(() => undefined)));
});

async function twoReplicas(options: { resets?: boolean } = {}) {
  const a = await startReplica('a', { resets: options.resets });
  const b = await startReplica('b');
  replicas.push(a, b);
  gateway = await startGateway({ upstreams: { organizations: [a.url, b.url] }, env: FAST_PROBES });
  return { a, b, gateway };
}

const get = async (path: string) => {
  const response = await fetch(`${gateway!.url}/api${path}`);
  return { status: response.status, body: (await response.json()) as { replica?: string; message?: string; finished?: boolean } };
};

describe('a service with two replicas behind the gateway', () => {
  it('spreads requests over both', async () => {
    await twoReplicas();
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('/organizations/who')));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const byReplica = answers.map((answer) => answer.body.replica);
    expect(byReplica.filter((name) => name === 'a').length).toBeGreaterThanOrEqual(5);
    expect(byReplica.filter((name) => name === 'b').length).toBeGreaterThanOrEqual(5);
  });

  it('keeps answering every request when one is killed, retrying a GET on the other, and takes the killed one back once it is healthy', async () => {
    const { a, b } = await twoReplicas();
    await kill(a);
    // The first requests after the crash: none fails, whether or not the gateway has noticed yet.
    for (let i = 0; i < 10; i++) expect(await get('/organizations/who')).toEqual({ status: 200, body: { replica: 'b' } });

    const restarted = await startReplica('a again', { port: Number(new URL(a.url).port) });
    replicas.push(restarted);
    await waitFor(() => get('/organizations/who'), (answer) => answer.body.replica === 'a again');
    expect(b.seen.who).toBeGreaterThanOrEqual(10);
  });

  it('sends a GET whose connection was reset once more, to the other replica', async () => {
    const { a, b } = await twoReplicas({ resets: true });
    const answers = [await get('/organizations/reset'), await get('/organizations/reset')];
    expect(answers).toEqual([
      { status: 200, body: { replica: 'b' } },
      { status: 200, body: { replica: 'b' } },
    ]);
    // Each went to a first or straight to b (a reset takes a out until its next probe, which it passes).
    expect(a.seen.reset).toBeGreaterThanOrEqual(1);
    expect(b.seen.reset).toBe(2);
  });

  it('sends a POST whose connection a killed replica refused to the other, body and all (drill: kill -9 posts.2)', async () => {
    const { a, b } = await twoReplicas();
    await kill(a);
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${gateway!.url}/api/organizations/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n: i }) });
      answers.push({ status: response.status, body: await response.json() });
    }
    expect(answers).toEqual([0, 1, 2, 3].map((n) => ({ status: 200, body: { replica: 'b', got: { n } } })));
    expect(b.seen.echo).toBe(4);
  });

  it('never sends a POST again: a reset after the replica got it is a 503, and the other replica never sees it', async () => {
    const { a, b } = await twoReplicas({ resets: true });
    const response = await fetch(`${gateway!.url}/api/organizations/reset`, { method: 'POST' });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: SharedMessages.serviceUnavailable });
    expect(a.seen.reset).toBe(1);
    expect(b.seen.reset).toBeUndefined();
  });

  it('takes a draining replica out before it stops listening, and lets its requests under way finish', async () => {
    const { a, b } = await twoReplicas();
    // One slow request on each (the fewest in flight wins).
    const slow = [get('/organizations/slow'), (await sleep(20), get('/organizations/slow'))];
    await waitFor(() => a.seen.slow ?? 0, (n) => n === 1);

    // a is sent SIGTERM: its /health says draining for a while, then it stops listening.
    const drained = drainApp(a.app, { delayMs: PROBE_EVERY_MS * 4, timeoutMs: 5000 });
    await sleep(PROBE_EVERY_MS * 3); // a probe or more: a is out
    const during = await Promise.all(Array.from({ length: 10 }, () => get('/organizations/who')));
    expect(during.map((answer) => answer.body.replica)).toEqual(Array(10).fill('b'));
    expect(a.seen.who).toBeUndefined();

    // a stops listening while its request is under way: it finishes all the same.
    expect((await Promise.all(slow)).map((answer) => [answer.status, answer.body.finished])).toEqual([
      [200, true],
      [200, true],
    ]);
    expect(await drained).toBe(true);
    expect(b.seen.slow).toBe(1);
    expect((await get('/organizations/who')).body.replica).toBe('b');
  });

  it('answers 503 in the spec’s words at once when no replica is available', async () => {
    const { a, b } = await twoReplicas();
    await Promise.all([kill(a), kill(b)]);
    await sleep(PROBE_EVERY_MS * 3);
    const started = Date.now();
    expect(await get('/organizations/who')).toEqual({ status: 503, body: { message: SharedMessages.serviceUnavailable } });
    expect(await (await fetch(`${gateway!.url}/api/organizations/reset`, { method: 'POST' })).json()).toEqual({ message: SharedMessages.serviceUnavailable });
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('reports each replica in /api/health: the service up while one replica is, the whole degraded', async () => {
    const { a } = await twoReplicas();
    await kill(a);
    const response = await fetch(`${gateway!.url}/api/health`);
    const health = (await response.json()) as { status: string; unavailable: string[]; services: Record<string, { status: string; replicas?: Array<{ status: string; error?: string }> }> };
    expect(response.status).toBe(503);
    expect(health.status).toBe('degraded');
    expect(health.services.organizations).toMatchObject({ status: 'up', replicas: [{ status: 'down', error: 'ECONNREFUSED' }, { status: 'up' }] });
    expect(health.unavailable).not.toContain('organizations');
  });
});

/**
 * Replicas found by name (UPSTREAM_DISCOVERY=dns), as in Kubernetes where a headless Service
 * has one record per ready pod and every pod listens on the same port of its own address:
 * here each replica listens on its own loopback address (127.0.0.2, 127.0.0.3) and the
 * lookup the gateway is given answers what the test says the name resolves to.
 */
const NAME = 'organizations-replicas.test';
const LOOKUP_EVERY_MS = 50;
const DISCOVERY = { ...FAST_PROBES, UPSTREAM_DISCOVERY: 'dns', UPSTREAM_DISCOVERY_INTERVAL_MS: String(LOOKUP_EVERY_MS) };

/** Two replicas on one port, the name resolving to what `records` holds at each lookup (an Error: the lookup fails). */
async function setUp() {
  const port = await freePort();
  const a = await startReplica('a', { host: '127.0.0.2', port });
  const b = await startReplica('b', { host: '127.0.0.3', port });
  replicas.push(a, b);
  const lookups: string[] = [];
  const dns = { records: ['127.0.0.2'] as string[] | Error };
  gateway = await startGateway({
    upstreams: { organizations: `http://${NAME}:${port}` },
    env: DISCOVERY,
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

const who = async () => (await get('/organizations/who')).body;
const spread = async (count: number) => (await Promise.all(Array.from({ length: count }, () => get('/organizations/who')))).map((answer) => (answer.status === 200 ? answer.body.replica : answer.status));

describe('replicas found by name', () => {
  it('sends requests to the addresses the name resolves to, looked up again and again', async () => {
    const { a, b, lookups } = await setUp();
    expect(await spread(6)).toEqual(Array(6).fill('a'));
    expect(b.seen.who).toBeUndefined();
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
    await waitFor(() => a.seen.slow ?? 0, (n) => n === 1);
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
    await kill(a);
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
