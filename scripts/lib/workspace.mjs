// The repository's npm side: installing dependencies and listing workspaces.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { UserError, repoRoot, run } from './common.mjs';

const lockFile = path.join(repoRoot, 'package-lock.json');
const installedMarker = path.join(repoRoot, 'node_modules', '.package-lock.json');

/**
 * Why an install is needed, or null: node_modules missing, or the lockfile changed (e.g. after a
 * `git pull`) since npm last wrote node_modules/.package-lock.json.
 */
export function installReason() {
  if (!existsSync(path.join(repoRoot, 'node_modules'))) return 'node_modules is missing';
  if (!existsSync(lockFile)) return null;
  if (!existsSync(installedMarker)) return 'node_modules was not installed by npm from the lockfile';
  if (statSync(lockFile).mtimeMs > statSync(installedMarker).mtimeMs) return 'package-lock.json is newer than node_modules';
  return null;
}

/** Runs `npm ci` (or `npm install` without a lockfile) when installReason() says so. */
export async function ensureDependencies({ log }) {
  const reason = installReason();
  if (!reason) return;
  const args = existsSync(lockFile) ? ['ci'] : ['install'];
  log(`${reason}: running npm ${args[0]}`);
  const result = await run('npm', [...args, '--no-audit', '--no-fund'], { inherit: true });
  if (result.code !== 0) throw new UserError(`npm ${args[0]} failed (exit ${result.code})`);
}

export function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The workspaces of the root package.json, in its order, globs expanded (alphabetically within
 * one glob). Each: { dir (relative, e.g. 'services/auth'), name ('@planner/auth'), scripts }.
 */
export function listWorkspaces() {
  const patterns = readJson(path.join(repoRoot, 'package.json')).workspaces ?? [];
  const seen = new Set();
  const result = [];
  for (const pattern of Array.isArray(patterns) ? patterns : patterns.packages ?? []) {
    for (const dir of expandPattern(pattern)) {
      if (seen.has(dir)) continue;
      seen.add(dir);
      const pkg = readJson(path.join(repoRoot, dir, 'package.json'));
      // `debianPackages` (package name → a program it installs): what the workspace's tests need on the machine.
      result.push({ dir, name: pkg.name ?? dir, scripts: pkg.scripts ?? {}, debianPackages: pkg.planner?.debianPackages ?? {} });
    }
  }
  return result;
}

/** Expands `a/*` style patterns (a `*` within one path segment) into folders with a package.json. */
function expandPattern(pattern) {
  let dirs = [''];
  for (const segment of pattern.replace(/^\.\//, '').replace(/\/$/, '').split('/')) {
    const next = [];
    for (const dir of dirs) {
      if (!segment.includes('*')) {
        next.push(path.posix.join(dir, segment));
        continue;
      }
      const regex = new RegExp(`^${segment.split('*').map(escapeRegex).join('[^/]*')}$`);
      const abs = path.join(repoRoot, dir);
      if (!existsSync(abs)) continue;
      for (const entry of readdirSync(abs, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        if (entry.isDirectory() && entry.name !== 'node_modules' && regex.test(entry.name)) next.push(path.posix.join(dir, entry.name));
      }
    }
    dirs = next;
  }
  return dirs.filter((dir) => existsSync(path.join(repoRoot, dir, 'package.json')));
}

function escapeRegex(text) {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}
