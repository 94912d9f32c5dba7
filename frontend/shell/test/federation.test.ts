import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SINGLETONS, sharedSingletons } from '../../host/src/federation.js';
import { parseManifest } from '../src/remotes/loader.js';

const frontend = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(frontend, file), 'utf8'));
const remotes = fs.readdirSync(path.join(frontend, 'remotes')).filter((name) => fs.existsSync(path.join(frontend, 'remotes', name, 'package.json')));

describe('module federation settings', () => {
  it('every remote pins exactly the shell versions of the shared singletons (else a second React loads)', () => {
    const shell = read('shell/package.json').dependencies;
    expect(remotes.length).toBeGreaterThanOrEqual(2);
    for (const remote of remotes) {
      const deps = read(`remotes/${remote}/package.json`).dependencies;
      for (const name of SINGLETONS) expect(deps[name], `${remote}: ${name}`).toBe(shell[name]);
    }
  });

  it('shares the singletons and the react/react-dom subpaths with the exact pin', () => {
    const shared = sharedSingletons(read('shell/package.json').dependencies);
    expect(Object.keys(shared).sort()).toEqual([...SINGLETONS, 'react/', 'react-dom/'].sort());
    expect(shared['react/']).toEqual({ singleton: true, requiredVersion: '19.3.1' });
    expect(() => sharedSingletons({ react: '19.3.1' })).toThrow(/react-dom/);
  });

  it('the runtime manifest names an entry for every remote', () => {
    const manifest = parseManifest(read('shell/public/remotes.json'));
    expect(Object.keys(manifest.remotes).sort()).toEqual([...remotes].sort());
    for (const [name, entry] of Object.entries(manifest.remotes)) expect(entry).toBe(`/remotes/${name}/remoteEntry.js`);
    expect(() => parseManifest({ remotes: { account: '' } })).toThrow(/account/);
    expect(() => parseManifest({})).toThrow(/remotes/);
  });
});
