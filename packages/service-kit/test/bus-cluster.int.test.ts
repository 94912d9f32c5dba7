/**
 * NATS_STREAM_REPLICAS=3 on a real three-server JetStream cluster (as k8s/base/nats runs it): every stream
 * the bus makes holds three copies, and an event survives the loss of the server that led its stream.
 * The servers are Debian's nats-server, started here on free ports with a store of their own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import type { EventEnvelope } from '@planner/contracts';
import { EventBus } from '../src/messaging.js';
import { freePort, testEvent, waitFor } from '../src/testing/index.js';

const NATS_SERVER = '/usr/sbin/nats-server';
const available = fs.existsSync(NATS_SERVER);

interface ClusterServer {
  name: string;
  port: number;
  process: ChildProcess;
}

const logger = createLogger({ service: 'bus-cluster', level: 'warn', stdout: false });
const servers: ClusterServer[] = [];
let storeRoot = '';
let clientUrl = '';

async function startCluster(): Promise<void> {
  storeRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-nats-cluster-'));
  const clientPorts = [await freePort(), await freePort(), await freePort()];
  const routePorts = [await freePort(), await freePort(), await freePort()];
  const routes = routePorts.map((port) => `nats://127.0.0.1:${port}`).join(',');
  for (const [i, port] of clientPorts.entries()) {
    const name = `planner-test-${i}`;
    const log = fs.openSync(path.join(storeRoot, `${name}.log`), 'a');
    const child = spawn(
      NATS_SERVER,
      ['-a', '127.0.0.1', '-p', String(port), '-n', name, '-js', '-sd', path.join(storeRoot, name), '--cluster_name', 'planner-test', '--cluster', `nats://127.0.0.1:${routePorts[i]}`, '--routes', routes],
      { stdio: ['ignore', log, log] },
    );
    servers.push({ name, port, process: child });
  }
  clientUrl = clientPorts.map((port) => `nats://127.0.0.1:${port}`).join(',');
  // JetStream answers once the three have met and chosen a meta leader; until then its API requests time out,
  // so the manager is made without its own API check and each failed try is simply tried again.
  const probe = await connect({ servers: clientUrl, maxReconnectAttempts: -1, waitOnFirstConnect: true });
  try {
    const jsm = await probe.jetstreamManager({ checkAPI: false, timeout: 2_000 });
    await waitFor(
      () => jsm.getAccountInfo().then(
        () => true,
        () => false,
      ),
      Boolean,
      30_000,
    );
  } finally {
    await probe.close();
  }
}

async function stopServer(server: ClusterServer, signal: NodeJS.Signals): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill(signal);
  await exited;
}

beforeAll(async () => {
  if (available) await startCluster();
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => stopServer(server, 'SIGKILL')));
  if (storeRoot) fs.rmSync(storeRoot, { recursive: true, force: true });
});

describe.skipIf(!available)('the bus on a three-server JetStream cluster', () => {
  it('keeps every stream it makes in three copies, and delivers an event once after the stream leader is killed -9', async () => {
    const namespace = `cluster_${randomUUID().slice(0, 8)}`;
    const bus = await EventBus.connect({ url: clientUrl, name: 'bus-cluster', namespace, logger, streamReplicas: 3 });
    let admin: NatsConnection | undefined;
    try {
      const received: EventEnvelope[] = [];
      await bus.consume({
        durable: 'cluster-test',
        subject: 'auth.sessions.revoked',
        handle: async (envelope) => {
          received.push(envelope);
        },
      });
      const before = testEvent('auth.sessions.revoked', { userId: randomUUID(), sessionIds: ['before'], reason: 'logout' });
      await bus.publish(before);
      await waitFor(() => received.length, (count) => count === 1, 15_000);

      admin = await connect({ servers: clientUrl, maxReconnectAttempts: -1 });
      const jsm = await admin.jetstreamManager();
      const stream = bus.streamFor('auth.sessions.revoked');
      const info = await jsm.streams.info(stream);
      expect(info.config.num_replicas).toBe(3);
      expect(1 + (info.cluster?.replicas?.length ?? 0)).toBe(3);

      // The leader of the stream goes as a crashed pod would; the two others elect one and carry on.
      const leader = servers.find((server) => server.name === info.cluster?.leader);
      expect(leader, `stream leader ${info.cluster?.leader}`).toBeDefined();
      await stopServer(leader!, 'SIGKILL');

      const after = testEvent('auth.sessions.revoked', { userId: randomUUID(), sessionIds: ['after'], reason: 'logout' });
      await waitFor(
        () => bus.publish(after).then(
          () => true,
          () => sleep(500).then(() => false),
        ),
        Boolean,
        30_000,
      );
      // Up to two missed heartbeats (10 s) and a consumer restart while the cluster elects leaders again.
      await waitFor(() => received.length, (count) => count >= 2, 45_000);
      await sleep(1_000);
      expect(received.map((envelope) => envelope.eventId)).toEqual([before.eventId, after.eventId]);

      const survivor = await jsm.streams.info(stream);
      expect(survivor.state.messages).toBe(2);
      expect(survivor.cluster?.leader).not.toBe(leader!.name);
      expect(await bus.ping()).toEqual({ parked: 0 });
    } finally {
      await bus.deleteStreams().catch(() => undefined);
      await bus.close();
      await admin?.close();
    }
  }, 120_000);
});
