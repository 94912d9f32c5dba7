/** The landing page's JavaScript budget, on the builds npm start serves (built here when missing). */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
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

describe('every build', () => {
  it('leaves zod out: the contracts\' schemas a bundle does not use are dropped, and zod with them (federation.ts treeshake)', () => {
    const builds = frontendBuilds();
    buildFrontend(builds.filter((build) => !fs.existsSync(build.dist)));
    const withZod = builds.flatMap((build) =>
      fs
        .readdirSync(build.dist, { recursive: true })
        .map(String)
        .filter((file) => file.endsWith('.js') && fs.readFileSync(path.join(build.dist, file), 'utf8').includes('ZodError'))
        .map((file) => `${build.name}: ${file}`),
    );
    expect(withZod).toEqual([]);
  });
});
