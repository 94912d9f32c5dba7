import fs from 'node:fs/promises';
import path from 'node:path';
import { dropPartialFirstLine, isInside, isValidLogName, readWindow } from '../domain/log-files.js';

export interface LogFileInfo {
  name: string;
  size: number;
  /** ISO 8601. */
  modified: string;
}

export type LogReadResult =
  | { kind: 'invalid' }
  | { kind: 'missing' }
  | { kind: 'ok'; content: string; size: number; shown: number; truncated: boolean };

async function realDirectory(dir: string): Promise<string | null> {
  try {
    return await fs.realpath(dir);
  } catch {
    return null;
  }
}

/** The file a name refers to, if it is a regular file whose real path is inside the log directory. */
async function resolveLogFile(realDir: string, name: string): Promise<{ file: string; stat: import('node:fs').Stats } | 'outside' | null> {
  const candidate = path.join(realDir, name);
  let real: string;
  try {
    real = await fs.realpath(candidate);
  } catch {
    return null;
  }
  // A symlink whose target leaves LOG_DIR is refused like `../x`.
  if (!isInside(realDir, real)) return 'outside';
  const stat = await fs.stat(real).catch(() => null);
  return stat?.isFile() ? { file: real, stat } : null;
}

/** The log files in `dir`, newest first; [] when the folder does not exist. */
export async function listLogFiles(dir: string): Promise<LogFileInfo[]> {
  const realDir = await realDirectory(dir);
  if (!realDir) return [];
  const entries = await fs.readdir(realDir, { withFileTypes: true });
  const files: LogFileInfo[] = [];
  for (const entry of entries) {
    if (!isValidLogName(entry.name) || !(entry.isFile() || entry.isSymbolicLink())) continue;
    const resolved = await resolveLogFile(realDir, entry.name);
    if (!resolved || resolved === 'outside') continue;
    files.push({ name: entry.name, size: resolved.stat.size, modified: resolved.stat.mtime.toISOString() });
  }
  return files.sort((a, b) => b.modified.localeCompare(a.modified) || a.name.localeCompare(b.name));
}

/** A log file's content, or its last `maxBytes` (from a line start) when larger. */
export async function readLogFile(dir: string, name: string, maxBytes: number): Promise<LogReadResult> {
  if (!isValidLogName(name)) return { kind: 'invalid' };
  const realDir = await realDirectory(dir);
  if (!realDir) return { kind: 'missing' };
  const resolved = await resolveLogFile(realDir, name);
  if (resolved === 'outside') return { kind: 'invalid' };
  if (!resolved) return { kind: 'missing' };
  const handle = await fs.open(resolved.file, 'r');
  try {
    const { size } = await handle.stat();
    const window = readWindow(size, maxBytes);
    const buffer = Buffer.alloc(window.length);
    const { bytesRead } = await handle.read(buffer, 0, window.length, window.start);
    let content = buffer.subarray(0, bytesRead).toString('utf8');
    if (window.truncated) content = dropPartialFirstLine(content);
    return { kind: 'ok', content, size, shown: Buffer.byteLength(content), truncated: window.truncated };
  } finally {
    await handle.close();
  }
}
