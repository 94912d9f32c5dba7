import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, NO_RATE_LIMITS, startGateway, type TestGateway } from '@planner/gateway/testing';
import {
  createTestKeys,
  freePort,
  namespacedProcessEnv,
  removeNamespace,
  signedBearer,
  startTestProcess,
  testId,
  testInfrastructure,
  waitFor,
  type TestKeys,
  type TestProcess,
} from '@planner/service-kit/testing';

/**
 * A newsletter to 1,000 subscribers sent by the service as its own process,
 * killed (SIGKILL) mid-send and started again: every subscriber's delivery
 * event is published exactly once. (What the mails make of it at the SMTP
 * server, with notifications killed too, is tests/newsletter-exactly-once.int.test.ts.)
 */
const serviceDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const namespace = testId('contentcrash');
const schema = `${namespace}_content`;
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-crash-'));
const SUBSCRIBERS = 1000;

let keys: TestKeys;
let jwks: http.Server;
let gateway: TestGateway;
let db: pg.Client;
let nats: NatsConnection;
let env: Record<string, string>;
let service: TestProcess;

async function startService(): Promise<void> {
  service = startTestProcess('src/main.ts', { cwd: serviceDir, env, keepChars: 4000 });
  await service.healthy(`http://127.0.0.1:${env.PORT}/health`, 60_000);
}

const count = async (sql: string, params: unknown[] = []) => Number((await db.query<{ n: string }>(sql, params)).rows[0]!.n);

beforeAll(async () => {
  keys = await createTestKeys();
  // The service verifies admin tokens against this JWKS, standing in for auth's.
  jwks = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(keys.jwks)));
  const jwksPort = await freePort();
  await new Promise<void>((resolve) => jwks.listen(jwksPort, '127.0.0.1', resolve));
  const port = await freePort();
  env = {
    ...(await namespacedProcessEnv({ namespace, logDir, authPort: jwksPort })),
    PORT: String(port),
    NEWSLETTER_BATCH_SIZE: '20',
    NEWSLETTER_JOB_LOCK_MS: '2000',
  };
  const urls = await testInfrastructure();
  db = new pg.Client({ connectionString: urls.databaseUrl });
  await db.connect();
  nats = await connect({ servers: urls.natsUrl });
  gateway = await startGateway({ upstreams: { content: `http://127.0.0.1:${port}` }, jwks: keys.jwks, env: NO_RATE_LIMITS });
  await startService();
}, 90_000);

afterAll(async () => {
  await service?.stop();
  await gateway?.close();
  await db?.end();
  await nats?.close();
  jwks?.close();
  await removeNamespace(namespace);
  fs.rmSync(logDir, { recursive: true, force: true });
}, 60_000);

describe('sending a newsletter across a crash', () => {
  it('publishes exactly one delivery event per active subscriber when the sender is killed mid-way and restarted', async () => {
    await db.query(
      `INSERT INTO "${schema}".newsletter_subscribers (email, is_active)
       SELECT 'reader' || g || '@example.com', g <= $1 FROM generate_series(1, $1 + 5) g`,
      [SUBSCRIBERS],
    );
    const api = gatewayClient(gateway.url);
    const admin = await signedBearer(keys, { sub: randomUUID(), role: 'admin' });
    const created = await api.send({ method: 'POST', url: '/newsletter/admin/newsletters', payload: { subject: 'Crash test', content: '<p>Hello</p>' }, headers: admin });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().newsletter;
    expect((await api.send({ method: 'POST', url: `/newsletter/admin/newsletters/${id}/send`, headers: admin })).statusCode).toBe(202);

    const deliveries = () => count(`SELECT count(*) AS n FROM "${schema}".newsletter_deliveries WHERE newsletter_id = $1`, [id]);
    await waitFor(deliveries, (n) => n >= 100, 30_000);
    await service.kill();
    expect(await service.exited()).toBe('SIGKILL');
    const atCrash = await deliveries();
    expect(atCrash).toBeLessThan(SUBSCRIBERS); // the crash came mid-send

    await startService();
    await waitFor(
      () => db.query(`SELECT finished_at, recipients_count FROM "${schema}".newsletters WHERE id = $1`, [id]).then((r) => r.rows[0]),
      (row) => row.finished_at !== null,
      60_000,
    );
    await waitFor(() => count(`SELECT count(*) AS n FROM "${schema}".outbox WHERE published_at IS NULL`), (n) => n === 0, 30_000);

    // What reached JetStream: read the whole stream back.
    const jsm = await nats.jetstreamManager();
    const stream = `${namespace}_CONTENT`;
    expect((await jsm.streams.info(stream)).state.messages).toBe(SUBSCRIBERS);
    const consumer = await nats.jetstream().consumers.get(stream);
    const messages = await consumer.fetch({ max_messages: SUBSCRIBERS + 10, expires: 3000 });
    const emails: string[] = [];
    const deliveryIds: string[] = [];
    for await (const message of messages) {
      const { eventId, data } = message.json<{ eventId: string; data: { email: string; deliveryId: string; newsletterId: string } }>();
      expect(data.newsletterId).toBe(id);
      // The event is named by its delivery: a resumed send cannot publish one delivery under two ids.
      expect(eventId).toBe(data.deliveryId);
      expect(message.headers?.get('Nats-Msg-Id')).toBe(data.deliveryId);
      emails.push(data.email);
      deliveryIds.push(data.deliveryId);
    }
    expect(emails).toHaveLength(SUBSCRIBERS);
    expect(new Set(emails).size).toBe(SUBSCRIBERS);
    expect(new Set(deliveryIds).size).toBe(SUBSCRIBERS);
    expect(emails.some((email) => Number(email.match(/\d+/)![0]) > SUBSCRIBERS)).toBe(false); // no inactive subscriber
    expect(await deliveries()).toBe(SUBSCRIBERS);
    const rows = await db.query<{ id: string }>(`SELECT id FROM "${schema}".newsletter_deliveries WHERE newsletter_id = $1`, [id]);
    expect(new Set(rows.rows.map((r) => r.id))).toEqual(new Set(deliveryIds));
    const newsletter = await api.send({ method: 'GET', url: `/newsletter/admin/newsletters/${id}`, headers: admin });
    expect(newsletter.json().newsletter).toMatchObject({ status: 'sent', recipients_count: SUBSCRIBERS });
  }, 120_000);
});
