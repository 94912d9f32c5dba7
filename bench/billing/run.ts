/**
 * Webhook burst (issue 17): 1,000 Stripe events signed as Stripe signs them,
 * duplicates among them, posted all at once through the real gateway to
 * billing (its own process, Stripe at the local stand-in). Each event id must
 * be applied once: the handled-event count equals the distinct events, every
 * copy after the first is answered as a duplicate, and each user ends in the
 * state the latest event says, whatever the order of arrival.
 *
 *   npm run bench:billing -w bench      (BENCH_EVENTS, default 1000; BENCH_USERS, default 160;
 *                                        BENCH_SMOKE=1: 50 events of 8 users, for `npm test`)
 *
 * Per user: a completed Checkout (customer.subscription.created,
 * checkout.session.completed, invoice.paid) and, an hour later by Stripe's
 * clock, a failed renewal (invoice.payment_failed, customer.subscription.updated
 * to past_due): 5 distinct events; the rest of the 1,000 are copies of random
 * ones. All are shuffled and sent at once, from one address, through the
 * gateway with its production limits (the webhook has a bucket of its own).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import Stripe from 'stripe';
import { startGateway } from '@planner/gateway/testing';
import { addPlanPrices, signed, stripeEnv } from '@planner/billing/testing';
import { startStripeStandIn, type StripeEventObject } from '@planner/platform-stand-ins';
import { freePort, removeNamespace, startServiceProcess, testId, testInfrastructure } from '@planner/service-kit/testing';
import { run, setting } from '../lib.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const total = setting('BENCH_EVENTS', 1000, 50);
const users = setting('BENCH_USERS', 160, 8);
const PLANS = ['starter', 'pro', 'advanced'] as const;

const percentile = (sorted: number[], q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

async function main(): Promise<void> {
  if (total < users * 5) throw new Error(`BENCH_EVENTS (${total}) must be at least 5 per user (${users * 5})`);
  const namespace = testId('benchbilling');
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-billing-'));
  const stripe = await startStripeStandIn();
  const prices = addPlanPrices(stripe);
  const port = await freePort();
  const billing = await startServiceProcess(path.join(root, 'services/billing'), {
    namespace,
    logDir,
    env: { PORT: String(port), APP_URL: 'https://planner.example', ...stripeEnv(stripe, prices) },
  });
  const gateway = await startGateway({ upstreams: { billing: `http://127.0.0.1:${port}` } });
  const db = new pg.Client({ connectionString: (await testInfrastructure()).databaseUrl });
  await db.connect();
  try {
    // Stripe's side: each user checks out a plan (created through the library, as billing would) and pays.
    const client = new Stripe(stripe.secretKey, { host: '127.0.0.1', port: new URL(stripe.url).port, protocol: 'http' });
    const distinct: StripeEventObject[] = [];
    const userIds: string[] = [];
    const hourLater = Math.floor(Date.now() / 1000) + 3600;
    for (let i = 0; i < users; i++) {
      const userId = randomUUID();
      const plan = PLANS[i % PLANS.length]!;
      const metadata = { user_id: userId, plan_type: plan };
      const session = await client.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: prices[plan], quantity: 1 }],
        success_url: 'https://planner.example/plan-selection',
        client_reference_id: userId,
        metadata,
        subscription_data: { metadata },
      });
      const subscription = stripe.completeCheckout(session.id);
      distinct.push(...stripe.takeEvents());
      stripe.failPayment(subscription.id);
      distinct.push(...stripe.takeEvents().map((event) => ({ ...event, created: hourLater })));
      userIds.push(userId);
    }
    const copies = Array.from({ length: total - distinct.length }, () => distinct[Math.floor(Math.random() * distinct.length)]!);
    const requests = shuffle([...distinct, ...copies]).map((event) => signed(event));

    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let duplicates = 0;
    const started = performance.now();
    await Promise.all(
      requests.map(async ({ body, signature }) => {
        const sent = performance.now();
        const res = await fetch(`${gateway.url}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });
        const answer = (await res.json()) as { duplicate?: boolean };
        latencies.push(performance.now() - sent);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (answer.duplicate) duplicates += 1;
      }),
    );
    const tookMs = performance.now() - started;

    const schema = `"${namespace}_billing"`;
    const handled = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.stripe_events`)).rows[0]!.n;
    const states = (await db.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM ${schema}.subscriptions WHERE user_id = ANY($1) GROUP BY status`, [userIds])).rows;
    const announced = (await db.query<{ n: number; past_due_last: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE last)::int AS past_due_last FROM (
         SELECT envelope->'data'->>'status' = 'past_due' AND row_number() OVER (PARTITION BY envelope->'data'->>'userId' ORDER BY envelope->'data'->>'changedAt' DESC) = 1 AS last
         FROM ${schema}.outbox WHERE subject = 'billing.subscription.changed') e`,
    )).rows[0]!;
    const sorted = latencies.sort((a, b) => a - b);
    const ok = statuses.get(200) === total && handled === distinct.length && duplicates === total - distinct.length && states.length === 1 && states[0]!.status === 'past_due' && states[0]!.n === users && announced.past_due_last === users;
    process.stdout.write(
      [
        '',
        `Stripe webhook burst through the gateway: ${total} signed events (${distinct.length} distinct, ${total - distinct.length} copies) for ${users} users, all sent at once; ${os.cpus().length} CPUs`,
        `  took ${Math.round(tookMs)} ms (${Math.round(total / (tookMs / 1000))} events/s)   latency p50 ${percentile(sorted, 0.5)} ms   p99 ${percentile(sorted, 0.99)} ms   max ${percentile(sorted, 1)} ms`,
        `  answers ${[...statuses].map(([status, n]) => `${status}×${n}`).join(' ')}; ${duplicates} answered as duplicates`,
        `  handled event ids ${handled} (distinct sent: ${distinct.length}); subscriptions ${states.map((s) => `${s.status}×${s.n}`).join(' ')}; billing.subscription.changed ${announced.n}, the last of each user past_due: ${announced.past_due_last}/${users}`,
        `  each event applied once: ${ok ? 'yes' : 'NO'}`,
        '',
      ].join('\n'),
    );
    if (!ok) throw new Error('the burst was not applied exactly once');
  } finally {
    await db.end();
    await gateway.close();
    await billing.stop();
    await stripe.close();
    await removeNamespace(namespace);
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}

run(main);
