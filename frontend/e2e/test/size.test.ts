/** The JavaScript budgets of the landing page and the organization area's pages, on the builds npm start serves (built here when missing). */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { LANDING_BUDGET, ORGANIZATION_PAGE_BUDGETS, buildFrontend, frontendBuilds, pageScripts } from './sizes.js';

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

describe('the organization area', () => {
  it.each(Object.entries(ORGANIZATION_PAGE_BUDGETS))('%s loads, for a signed-in pro user with an organization, under its budget (gzip; printed by owner)', async (page, budget) => {
    buildFrontend(frontendBuilds().filter((build) => !fs.existsSync(build.dist)));
    const scripts = await pageScripts(page);
    expect(scripts.signedIn).toBe(true);
    const gzip = scripts.reduce((sum, script) => sum + script.gzip, 0);
    // By owner: the shell's own code, the shared dependencies and federation runtime (whichever build serves them), the page's remote.
    const byOwner: Record<string, number> = {};
    for (const script of scripts) {
      const owner = script.kind === 'own code' ? script.owner : script.kind;
      byOwner[owner] = (byOwner[owner] ?? 0) + script.gzip;
    }
    console.log(`${page}: ${scripts.length} scripts, ${gzip} bytes gzip (${(gzip / 1024).toFixed(1)} KiB)`, JSON.stringify(byOwner));
    expect(Object.keys(byOwner)).toEqual(expect.arrayContaining(['shell', 'shared dependencies']));
    expect(scripts.some((script) => script.owner !== 'shell' && script.kind === 'own code'), 'the page\'s remote').toBe(true);
    expect(gzip).toBeLessThan(budget);
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
