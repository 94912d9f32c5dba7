import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventSchemas, requestSchemas } from '@planner/contracts';
import { readText, repoPath } from './support/repo.js';

/** The documentation a clone reads: the README and every page under docs/. */
const pages = ['README.md', ...readdirSync(repoPath('docs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** GitHub's anchor of a heading: lower-case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\- _]/gu, '').replaceAll(' ', '-');
const anchorsOf = (file: string) => new Set([...readFileSync(file, 'utf8').matchAll(/^#+\s+(.*)$/gm)].map((m) => anchorOf(m[1]!)));

describe('documentation', () => {
  it.each(pages)('%s: every relative link names a file of the repository (and a heading of it)', (page) => {
    const text = readFileSync(repoPath(page), 'utf8').replace(/```[\s\S]*?```/g, '');
    const broken: string[] = [];
    for (const [, link] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?:|mailto:)/.test(link!)) continue;
      const [target, anchor] = link!.split('#') as [string, string | undefined];
      const file = target ? path.resolve(path.dirname(repoPath(page)), target) : repoPath(page);
      if (!existsSync(file)) broken.push(`${link} (no such file)`);
      else if (anchor && (!file.endsWith('.md') || !anchorsOf(file).has(anchor))) broken.push(`${link} (no such heading)`);
    }
    expect(broken).toEqual([]);
  });

  it('reads on its own: nothing sends the reader outside the repository', () => {
    for (const page of pages) expect(readFileSync(repoPath(page), 'utf8'), page).not.toMatch(/\.\.\/shared\//);
  });
});

describe('docs/architecture.md', () => {
  /** The subjects of a table: rows that begin with a subject in backticks. */
  const tableSubjects = (section: string) => {
    const text = readText('docs/architecture.md');
    const start = text.indexOf(`## ${section}`);
    const body = text.slice(start, text.indexOf('\n## ', start + 1));
    return new Set([...body.matchAll(/^\| `([a-z_.]+)`/gm)].map((m) => m[1]!));
  };

  it('lists every event subject of packages/contracts in its events table, and none that is not one', () => {
    const documented = tableSubjects('4. Events');
    expect(Object.keys(eventSchemas).filter((subject) => !documented.has(subject))).toEqual([]);
    expect([...documented].filter((subject) => !(subject in eventSchemas))).toEqual([]);
  });

  it('lists every request subject of packages/contracts in its requests table, and none that is not one', () => {
    const documented = tableSubjects('5. Requests between services');
    expect(Object.keys(requestSchemas).filter((subject) => !documented.has(subject))).toEqual([]);
    expect([...documented].filter((subject) => !(subject in requestSchemas))).toEqual([]);
  });
});

describe('docs/product.md', () => {
  /** The paths of the shell's route table (frontend/shell/src/App.tsx), as the page writes them: `:id` as `{id}`. */
  const shellPaths = [...readText('frontend/shell/src/App.tsx').matchAll(/\{ path: '([^']+)', remote: '/g)].map((m) => m[1]!.replace(/:(\w+)/g, '{$1}'));
  /** Each table row's route cell (its second) and status cell (its third). */
  const rows = readText('docs/product.md')
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| screen') && !line.startsWith('|---'))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map(([, , route = '', status = '']) => ({ routes: [...route.matchAll(/`([^`?]*)[^`]*`/g)].map((m) => m[1]!), status }));

  it('has a row marked Built for every page the shell shows', () => {
    expect(shellPaths.length).toBeGreaterThan(20);
    const notBuilt = shellPaths.flatMap((route) => {
      const found = rows.filter((row) => row.routes.includes(route));
      if (!found.length) return [`${route}: no row`];
      return found.filter((row) => !row.status.startsWith('Built')).map((row) => `${route}: ${row.status}`);
    });
    expect(notBuilt).toEqual([]);
  });
});
