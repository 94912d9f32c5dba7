/**
 * Lighthouse on the landing page (issue 6): performance and accessibility,
 * mobile and desktop presets, in local headless Chromium against the whole
 * product started by `npm start` (the e2e tests' startSystem).
 *
 *   npx tsx bench/frontend/lighthouse.ts     (or: npm run bench:lighthouse -w bench)
 *
 * Scores are timings of this machine: run it when nothing else loads the
 * CPU. LIGHTHOUSE_RUNS (default 3; 1 with BENCH_SMOKE=1, for `npm test`) runs
 * per preset; the median is reported.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startSystem } from '@planner/frontend-e2e/system';
import { run, setting } from '../lib.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = setting('LIGHTHOUSE_RUNS', 3, 1);
const TARGET = 90;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * One Lighthouse run. A run whose trace recording failed (a runtimeError such as NO_NAVSTART, seen
 * now and then on a loaded machine) is run again, as Lighthouse's message asks, up to twice.
 */
async function audited(url: string, port: number, config: typeof desktopConfig | undefined) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, config);
    const lhr = result!.lhr;
    if (!lhr.runtimeError) return lhr;
    const problem = `Lighthouse could not finish (${lhr.runtimeError.code}): ${lhr.runtimeError.message}`;
    if (attempt === 3) throw new Error(problem);
    process.stdout.write(`${problem}; running it again\n`);
  }
}

async function main(): Promise<void> {
  const system = await startSystem();
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const lines: string[] = [];
  try {
    for (const [preset, config] of [['mobile', undefined], ['desktop', desktopConfig]] as const) {
      const scores: Record<string, number[]> = { performance: [], accessibility: [] };
      const timings: string[] = [];
      for (let i = 0; i < runs; i += 1) {
        const lhr = await audited(`${system.url}/`, chrome.port, config);
        for (const [name, category] of Object.entries(lhr.categories)) scores[name]!.push(Math.round((category.score ?? 0) * 100));
        const audit = (id: string) => lhr.audits[id]?.displayValue ?? '?';
        timings.push(`FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}`);
      }
      const summary = Object.entries(scores).map(([name, values]) => `${name} ${median(values)} (runs: ${values.join(', ')}; target >= ${TARGET})`);
      lines.push(`  ${preset.padEnd(8)} ${summary.join('   ')}`, ...timings.map((t) => `           ${t}`));
    }
  } finally {
    chrome.kill();
    await system.stop();
  }
  process.stdout.write(['', `Lighthouse, landing page, median of ${runs} runs per preset:`, ...lines, ''].join('\n'));
}

run(main);
