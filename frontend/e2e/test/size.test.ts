/** The landing page's JavaScript budget, on the builds npm start serves (built here when missing). */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANDING_BUDGET, buildFrontend, frontendBuilds, pageScripts } from './sizes.js';

describe('the landing page', () => {
  it('loads under 150 KiB of JavaScript (gzip): shell, public remote, shared dependencies and federation runtime', async () => {
    buildFrontend(frontendBuilds().filter((build) => !fs.existsSync(build.dist)));
    const scripts = await pageScripts('/');
    const gzip = scripts.reduce((sum, script) => sum + script.gzip, 0);
    console.log(`landing page: ${scripts.length} scripts, ${gzip} bytes gzip`);
    expect(scripts.map((script) => script.owner).sort()).toEqual(expect.arrayContaining(['shell', 'public']));
    expect(gzip).toBeLessThan(LANDING_BUDGET);
  });
});
