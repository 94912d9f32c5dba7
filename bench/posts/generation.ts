/**
 * Generation benchmark (issue 15): POST /posts/generate end to end through the
 * real gateway with the sandbox generator, which answers at once, so the
 * latency measured is our own code's: the gateway, the token check, the access
 * and facts requests to the organizations service (a process), the quota in
 * Redis, the prompt, the trimming and the draft's insert in Postgres.
 *
 *   npm run bench:posts:generation -w bench      (BENCH_REQUESTS, default 400; BENCH_WARMUP_REQUESTS, 40;
 *                                                  BENCH_SMOKE=1: 20 and 5, for `npm test`)
 *
 * Runs sequentially (one client) and with 8 concurrent clients; the owner's
 * daily quota is reset between requests, outside the timing. The posts app,
 * the gateway and this client share one process (the test helpers' setup),
 * so the concurrent figures are pessimistic; organizations is its own process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { behindGateway } from '@planner/gateway/testing';
import { postsService } from '@planner/posts/service';
import { removeNamespace, startServiceProcess, startTestService } from '@planner/service-kit/testing';
import { run, setting } from '../lib.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const requests = setting('BENCH_REQUESTS', 400, 20);
const warmups = setting('BENCH_WARMUP_REQUESTS', 40, 5);

const percentile = (sorted: number[], q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;

async function main(): Promise<void> {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-generation-'));
  // No OPENAI_API_KEY: the sandbox generators answer, whatever this shell has set.
  delete process.env.OPENAI_API_KEY;
  const posts = await startTestService(postsService);
  const { ctx } = posts;
  const organizations = await startServiceProcess(path.join(root, 'services/organizations'), { namespace: ctx.id, logDir });
  const api = await behindGateway(posts.app, 'posts', ctx.keys.jwks);
  try {
    const table = (name: string) => `"${ctx.id}_organizations".${name}`;
    const [member] = await ctx.dataSource.query<Array<{ user_id: string }>>(`INSERT INTO ${table('members')} (user_id, role, email_verified) VALUES (gen_random_uuid(), 'pro', true) RETURNING user_id`);
    const owner = member!.user_id;
    const [organization] = await ctx.dataSource.query<Array<{ id: string }>>(`INSERT INTO ${table('organizations')} (owner_id, name, is_active) VALUES ($1, 'Bench Bakery', true) RETURNING id`, [owner]);
    const token = await ctx.keys.sign({ sub: owner, role: 'pro' }, { expiresIn: '1h' });
    const body = JSON.stringify({
      organization_id: organization!.id,
      business_name: 'Bench Bakery',
      business_data: 'Sourdough and cinnamon buns baked every morning. '.repeat(10),
      platforms: ['X', 'LinkedIn', 'Instagram'],
      content_type: 'promotion',
      topic: 'Autumn buns',
      context: 'Two for one on Saturdays',
      tone: 'friendly',
      mood: 'excited',
      language: 'en-GB',
      character_limit: 500,
      target_character_count: 300,
    });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // The owner's content quota of today (the organization's zone is UTC), as commands/quotas.ts keys it.
    const resetQuota = () => ctx.redis.del(`ai-quota:${owner}:content:${new Date().toISOString().slice(0, 10)}`);
    const once = async (): Promise<number> => {
      const started = performance.now();
      const res = await fetch(`${api.url}/api/posts/generate`, { method: 'POST', headers, body });
      const text = await res.text();
      const took = performance.now() - started;
      if (res.status !== 200 || !text.includes('"sandbox":true')) throw new Error(`generate answered ${res.status}: ${text}`);
      return took;
    };
    const runWith = async (clients: number): Promise<number[]> => {
      const latencies: number[] = [];
      let left = requests;
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (left > 0) {
            left -= 1;
            // Pro allows 50 a day: keep the quota open without timing its reset.
            if (left % 40 === 0) await resetQuota();
            latencies.push(await once());
          }
        }),
      );
      return latencies.sort((a, b) => a - b);
    };

    await resetQuota();
    for (let i = 0; i < warmups; i++) await once();
    await resetQuota();
    const sequential = await runWith(1);
    const concurrent = await runWith(8);
    const line = (label: string, sorted: number[]) =>
      `  ${label.padEnd(22)} n=${sorted.length}   p50 ${percentile(sorted, 0.5)} ms   p95 ${percentile(sorted, 0.95)} ms   max ${percentile(sorted, 1)} ms`;
    process.stdout.write(
      [
        '',
        `POST /posts/generate through the gateway, sandbox generator (3 platforms), ${os.cpus().length} CPUs`,
        line('1 client', sequential),
        line('8 concurrent clients', concurrent),
        '',
      ].join('\n'),
    );
  } finally {
    await organizations.stop();
    await api.close();
    await posts.close();
    await removeNamespace(ctx.id);
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}

run(main);
