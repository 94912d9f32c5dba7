import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DATA_PACKAGES = ['typeorm', 'pg', 'bullmq'];

/** Which of the data packages a fresh Node process has loaded after importing `module` (they are CommonJS, so in require's cache). */
function dataPackagesLoadedBy(module: URL): string[] {
  const script = `
    import { createRequire } from 'node:module';
    await import(${JSON.stringify(module.href)});
    const loaded = Object.keys(createRequire(${JSON.stringify(module.href)}).cache);
    console.log(JSON.stringify(${JSON.stringify(DATA_PACKAGES)}.filter((name) => loaded.some((file) => file.includes('/node_modules/' + name + '/')))));`;
  const cwd = fileURLToPath(new URL('..', import.meta.url));
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { cwd, encoding: 'utf8' })) as string[];
}

describe('the gateway has no database', () => {
  it('loads neither TypeORM, pg nor BullMQ', () => {
    expect(dataPackagesLoadedBy(new URL('../src/service.ts', import.meta.url))).toEqual([]);
  });

  it('(the check sees them where they are loaded: the kit’s data part; BullMQ only with a first queue)', () => {
    expect(dataPackagesLoadedBy(new URL('../../../packages/service-kit/src/data.ts', import.meta.url))).toEqual(['typeorm', 'pg']);
  });
});
