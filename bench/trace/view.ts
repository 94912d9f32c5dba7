/**
 * A trace as Jaeger's UI shows it: the receiver serves a Jaeger UI build and
 * the trace (Jaeger's query API), headless Chromium opens the UI's trace
 * page on it and takes the screenshot.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { JaegerTrace } from './jaeger-trace.js';
import { startTraceReceiver } from './receiver.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VIEWPORT = { width: 1400, height: 900 };
/** The share of the width the UI gives the service and operation names (its column divider, kept in localStorage; 0.25 by default, which cuts them). */
const NAME_COLUMN_WIDTH = '0.45';

export async function screenshotTrace(trace: JaegerTrace, { uiDir, file }: { uiDir: string; file: string }): Promise<void> {
  if (!existsSync(`${uiDir}/index.html`)) throw new Error(`${uiDir} holds no Jaeger UI build (index.html): see docs/tracing.md`);
  const receiver = await startTraceReceiver({ uiDir, traces: [trace] });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const browserContext = await browser.newContext({ viewport: VIEWPORT });
    await browserContext.addInitScript({ content: `localStorage.setItem('spanNameColumnWidth', '${NAME_COLUMN_WIDTH}')` });
    const page = await browserContext.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const url = `${receiver.url}/trace/${trace.traceID}`;
    process.stdout.write(`Jaeger UI on ${url}\n`);
    await page.goto(url);
    // The timeline's rows are there once the trace has loaded and rendered.
    const publishJob = page.getByText('publish job', { exact: true }).first();
    await publishJob.waitFor({ timeout: 30_000 });
    // The publish job's details (its publication and cycle) open under its row, where the page has room.
    await publishJob.click();
    await page.getByText('publication.id').first().waitFor();
    await page.screenshot({ path: file });
    if (problems.length > 0) process.stdout.write(`page errors: ${problems.join('; ')}\n`);
  } finally {
    await browser.close();
    await receiver.close();
  }
}
