import { createReadStream, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { logSearchPattern } from '@planner/contracts';
import { dropPartialFirstLine, isInside, isValidLogName, readWindow } from '../domain/log-files.js';
import { emptyLineIndex, indexChunk, lineCount, matchingLines, seekLine, shownLine, splitLines, wholeLines, type LineIndex } from '../domain/log-lines.js';

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
async function resolveLogFile(realDir: string, name: string): Promise<{ file: string; stat: Stats } | 'outside' | null> {
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

type Located = { kind: 'invalid' } | { kind: 'missing' } | { kind: 'ok'; file: string };

/** The real path of the log file `name`, if it is one inside `dir`. */
async function locate(dir: string, name: string): Promise<Located> {
  if (!isValidLogName(name)) return { kind: 'invalid' };
  const realDir = await realDirectory(dir);
  if (!realDir) return { kind: 'missing' };
  const resolved = await resolveLogFile(realDir, name);
  if (resolved === 'outside') return { kind: 'invalid' };
  if (!resolved) return { kind: 'missing' };
  return { kind: 'ok', file: resolved.file };
}

/** A log file's content, or its last `maxBytes` (from a line start) when larger. */
export async function readLogFile(dir: string, name: string, maxBytes: number): Promise<LogReadResult> {
  const located = await locate(dir, name);
  if (located.kind !== 'ok') return located;
  const handle = await fs.open(located.file, 'r');
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

/** Bytes read from disk at a time: each piece is scanned in a few milliseconds, so requests keep being served between them. */
const READ_CHUNK_BYTES = 1024 * 1024;

/** Bytes `start` … `end - 1` of a file, in chunks. */
function byteRange(file: string, start: number, end: number): AsyncIterable<Uint8Array> {
  if (end <= start) return (async function* () {})();
  return createReadStream(file, { start, end: end - 1, highWaterMark: READ_CHUNK_BYTES });
}

interface CachedIndex {
  ino: number;
  mtimeMs: number;
  index: LineIndex;
  /** The last bytes indexed: still there, the file was appended to rather than rewritten. */
  tail: Buffer;
  /** The last extension of the index: extensions of one file run one after another. */
  ready: Promise<void>;
}

/** Line indexes of the files read lately, by real path (least recently used first). */
const lineIndexes = new Map<string, CachedIndex>();
const MAX_CACHED_INDEXES = 64;
const TAIL_BYTES = 64;

async function readBytes(file: string, start: number, end: number): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of byteRange(file, start, end)) parts.push(chunk);
  return Buffer.concat(parts);
}

/** Whether the index of `entry` still describes the file's first bytes (the file was only appended to since). */
async function stillHolds(file: string, entry: CachedIndex, stat: Stats): Promise<boolean> {
  const { indexed } = entry.index;
  if (entry.ino !== stat.ino || stat.size < indexed) return false;
  if (stat.size === indexed) return stat.mtimeMs === entry.mtimeMs;
  return entry.tail.equals(await readBytes(file, indexed - entry.tail.length, indexed));
}

/**
 * The line index of a file as it is now: kept from earlier reads and extended
 * by what was appended since; made anew when the file was replaced, cut or
 * rewritten. The snapshot returned stays valid as the file grows.
 */
async function currentLineIndex(file: string): Promise<LineIndex> {
  const stat = await fs.stat(file);
  let entry = lineIndexes.get(file);
  if (!entry || !(await stillHolds(file, entry, stat))) {
    entry = { ino: stat.ino, mtimeMs: stat.mtimeMs, index: emptyLineIndex(), tail: Buffer.alloc(0), ready: Promise.resolve() };
  }
  lineIndexes.delete(file);
  lineIndexes.set(file, entry);
  if (lineIndexes.size > MAX_CACHED_INDEXES) lineIndexes.delete(lineIndexes.keys().next().value!);

  const cached = entry;
  const extension = cached.ready.then(async () => {
    const { indexed } = cached.index;
    if (stat.size <= indexed) return;
    for await (const chunk of byteRange(file, indexed, stat.size)) indexChunk(cached.index, chunk);
    cached.tail = await readBytes(file, Math.max(0, stat.size - TAIL_BYTES), stat.size);
    cached.mtimeMs = stat.mtimeMs;
  });
  // A failed extension (the file went away meanwhile) drops the index rather than every later read.
  cached.ready = extension.catch(() => void (lineIndexes.get(file) === cached && lineIndexes.delete(file)));
  await extension;
  return { ...cached.index };
}

export type LogLinesResult = { kind: 'invalid' } | { kind: 'missing' } | { kind: 'ok'; size: number; totalLines: number; lines: string[] };

/** Lines `from` … `from + count - 1` (0-based) of a log file, each cut after `maxChars` characters, and how many lines it has. */
export async function readLogLines(dir: string, name: string, from: number, count: number, maxChars: number): Promise<LogLinesResult> {
  const located = await locate(dir, name);
  if (located.kind !== 'ok') return located;
  const index = await currentLineIndex(located.file);
  const totalLines = lineCount(index);
  const lines: string[] = [];
  if (from < totalLines) {
    const { start, skip } = seekLine(index, from);
    let skipping = skip;
    reading: for await (const text of wholeLines(byteRange(located.file, start, index.indexed))) {
      for (const line of splitLines(text)) {
        if (skipping > 0) skipping -= 1;
        else if (lines.push(shownLine(line, maxChars)) === count) break reading;
      }
    }
  }
  return { kind: 'ok', size: index.indexed, totalLines, lines };
}

export type LogSearchResult =
  | { kind: 'invalid' }
  | { kind: 'missing' }
  | { kind: 'ok'; totalLines: number; matchCount: number; matches: number[] };

/**
 * The lines of a log file matching `query` (logSearchPattern: case-insensitive,
 * taken literally): how many in the whole file, and the indexes of the first
 * `limit` from line `from` on.
 */
export async function searchLogFile(dir: string, name: string, query: string, from: number, limit: number): Promise<LogSearchResult> {
  const located = await locate(dir, name);
  if (located.kind !== 'ok') return located;
  const index = await currentLineIndex(located.file);
  const pattern = logSearchPattern(query);
  const matches: number[] = [];
  let matchCount = 0;
  let line = 0;
  for await (const text of wholeLines(byteRange(located.file, 0, index.indexed))) {
    const found = matchingLines(text, line, pattern);
    matchCount += found.matches.length;
    for (const match of found.matches) if (match >= from && matches.length < limit) matches.push(match);
    line = found.nextLine;
  }
  return { kind: 'ok', totalLines: lineCount(index), matchCount, matches };
}
