/**
 * The frontend's JavaScript, weighed (issue 6: "the shell's JavaScript under
 * 150 KB gzip"):
 *
 *   npm run size -w frontend/e2e               reads the builds (frontend/shell/dist, frontend/remotes/<name>/dist)
 *   npm run size -w frontend/e2e -- --build    builds the shell and every remote first
 *   npm run size -w frontend/e2e -- /login     other pages than the landing page
 *
 * Prints every script of each build, each shared dependency alone, and what each
 * page loads in Chromium (sizes in kB = 1000 bytes, gzip -9 as the builds' .gz
 * files, brotli -11 as Chromium is sent). Exits 1 above the budget.
 */
import { LANDING_BUDGET, buildFrontend, buildScripts, frontendBuilds, pageScripts, sharedDependencySizes, type Script, type Weight } from './test/sizes.js';

const args = process.argv.slice(2);
const pages = args.filter((arg) => arg.startsWith('/'));
if (!pages.length) pages.push('/');

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`.padStart(10);
const total = (scripts: Weight[]) => ({ gzip: scripts.reduce((sum, s) => sum + s.gzip, 0), brotli: scripts.reduce((sum, s) => sum + s.brotli, 0) });
const row = (label: string, weight: Weight) => console.log(`  ${label.padEnd(72)} ${kB(weight.gzip)} gzip ${kB(weight.brotli)} br`);

function byKind(scripts: Script[]) {
  const owners = [...new Set(scripts.map((s) => s.owner))];
  for (const owner of owners) {
    for (const kind of ['own code', 'shared dependencies', 'federation runtime'] as const) {
      const mine = scripts.filter((s) => s.owner === owner && s.kind === kind);
      if (mine.length) row(`${owner}: ${kind} (${mine.length} files)`, total(mine));
    }
  }
}

if (args.includes('--build')) buildFrontend(frontendBuilds());

for (const build of frontendBuilds()) {
  const scripts = buildScripts(build);
  console.log(`\n${build.name} build (${build.workspace}/dist): ${scripts.length} scripts`);
  for (const script of scripts) row(`${script.file} [${script.kind}]`, script);
  byKind(scripts);
  row('all', total(scripts));
}

console.log('\nshared singletons alone, as the shell shares them (minified; the shell puts them in one chunk with their share wrappers)');
for (const [name, weight] of Object.entries(await sharedDependencySizes())) row(name, weight);

let over = false;
for (const page of pages) {
  const scripts = await pageScripts(page);
  const sum = total(scripts);
  console.log(`\n${page} in Chromium loads ${scripts.length} scripts${scripts.signedIn ? ' (as a signed-in user: it needs a login)' : ''}`);
  for (const script of scripts) row(`${script.owner}: ${script.file} [${script.kind}]`, script);
  byKind(scripts);
  row(`total (${(sum.gzip / 1024).toFixed(1)} KiB gzip)`, sum);
  if (page === '/' && sum.gzip > LANDING_BUDGET) {
    over = true;
    console.log(`  over the budget of ${LANDING_BUDGET / 1024} KiB gzip`);
  }
}
process.exit(over ? 1 : 0);
