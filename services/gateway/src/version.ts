import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function readJson(file: string): { version?: string; workspaces?: unknown } | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string; workspaces?: unknown };
  } catch {
    return undefined;
  }
}

/**
 * The version /api/version reports: APP_VERSION when set, else the version of
 * the repository's root package.json (the one with workspaces), else the
 * gateway package's own.
 */
export function resolveVersion(appVersion: string | undefined, from = path.dirname(fileURLToPath(import.meta.url))): string {
  if (appVersion) return appVersion;
  let own: string | undefined;
  for (let dir = from; ; dir = path.dirname(dir)) {
    const pkg = readJson(path.join(dir, 'package.json'));
    if (pkg?.workspaces && pkg.version) return pkg.version;
    if (pkg?.workspaces) break;
    own ??= pkg?.version;
    if (path.dirname(dir) === dir) break;
  }
  return own ?? '0.0.0';
}
