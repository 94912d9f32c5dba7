import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SINGLETONS, SLIM_SHARES, sharedSingletons } from '../../remote-contract/src/federation.js';
import { parseManifest } from '../src/remotes/loader.js';

const frontend = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(frontend, file), 'utf8'));
const remotes = fs.readdirSync(path.join(frontend, 'remotes')).filter((name) => fs.existsSync(path.join(frontend, 'remotes', name, 'package.json')));

/** The names the shell's and the remotes' sources import (not as types) from `pkg`. */
function importedNames(pkg: string): Set<string> {
  const names = new Set<string>();
  for (const dir of ['shell/src', ...remotes.map((remote) => `remotes/${remote}/src`)]) {
    for (const file of fs.readdirSync(path.join(frontend, dir), { recursive: true }).map(String)) {
      if (!/\.tsx?$/.test(file)) continue;
      const source = fs.readFileSync(path.join(frontend, dir, file), 'utf8');
      for (const [, list] of source.matchAll(new RegExp(`import \\{([^}]*)\\} from '${pkg}'`, 'g'))) {
        for (const name of list!.split(',').map((part) => part.trim())) if (name && !name.startsWith('type ')) names.add(name.split(' as ')[0]!);
      }
    }
  }
  return names;
}

describe('module federation settings', () => {
  it('every remote pins exactly the shell versions of the shared singletons (else a second React loads)', () => {
    const shell = read('shell/package.json').dependencies;
    expect(remotes.length).toBeGreaterThanOrEqual(2);
    for (const remote of remotes) {
      const deps = read(`remotes/${remote}/package.json`).dependencies;
      for (const name of SINGLETONS) expect(deps[name], `${remote}: ${name}`).toBe(shell[name]);
    }
  });

  it('the slim shares pin the shell versions of their packages', () => {
    const shell = read('shell/package.json').dependencies;
    const contract = read('remote-contract/package.json').dependencies;
    for (const name of Object.keys(SLIM_SHARES)) expect(contract[name], name).toBe(shell[name]);
  });

  it('the shell shares the singletons and the react/react-dom subpaths with the exact pin; remotes take them from the shell', () => {
    const deps = read('shell/package.json').dependencies;
    const shell = sharedSingletons(deps, 'shell');
    expect(Object.keys(shell).sort()).toEqual([...SINGLETONS, 'react/', 'react-dom/'].sort());
    expect(shell['react/']).toEqual({ singleton: true, requiredVersion: '19.3.1', eager: true });
    expect(shell['react-router-dom']).toEqual({ singleton: true, requiredVersion: '7.18.5', import: SLIM_SHARES['react-router-dom'], eager: true });
    const remote = sharedSingletons(deps, 'remote');
    expect(Object.keys(remote).sort()).toEqual(Object.keys(shell).sort());
    for (const share of Object.values(remote)) expect(share.import).toBe(false);
    expect(() => sharedSingletons({ react: '19.3.1' }, 'shell')).toThrow(/react-dom/);
  });

  it('a slim share exports everything the shell and the remotes import from its package', async () => {
    for (const [pkg, file] of Object.entries(SLIM_SHARES)) {
      const exported = Object.keys(await import(file));
      const imported = importedNames(pkg);
      expect(imported.size, pkg).toBeGreaterThan(2);
      expect(exported, pkg).toEqual(expect.arrayContaining([...imported]));
    }
  });

  it('the runtime manifest names an entry for every remote', () => {
    const manifest = parseManifest(read('shell/public/remotes.json'));
    expect(Object.keys(manifest.remotes).sort()).toEqual([...remotes].sort());
    for (const [name, entry] of Object.entries(manifest.remotes)) expect(entry).toBe(`/remotes/${name}/remoteEntry.js`);
    expect(() => parseManifest({ remotes: { account: '' } })).toThrow(/account/);
    expect(() => parseManifest({})).toThrow(/remotes/);
  });
});
