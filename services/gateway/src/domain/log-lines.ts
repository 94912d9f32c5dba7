const LINE_BREAK = 0x0a;

/**
 * Where a file's lines start, sparsely: the byte of every `step`-th line, so
 * that any line is found by seeking near it and reading at most `step` lines
 * on (a 50 MB log of 100-byte lines: ~2,000 numbers at step 256). Built once
 * per file and extended as the file grows (logs are appended to).
 */
export interface LineIndex {
  step: number;
  /** Bytes of the file indexed so far. */
  indexed: number;
  /** Line breaks in them. */
  breaks: number;
  /** The byte after the last line break (where the last, maybe unfinished, line starts). */
  lastLineStart: number;
  /** `checkpoints[k]`: the byte where line `k * step` (0-based) starts. */
  checkpoints: number[];
}

export function emptyLineIndex(step = 256): LineIndex {
  return { step, indexed: 0, breaks: 0, lastLineStart: 0, checkpoints: [0] };
}

/** Adds the next bytes of the file (those at `index.indexed` on) to the index. */
export function indexChunk(index: LineIndex, chunk: Uint8Array): void {
  const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  for (let at = bytes.indexOf(LINE_BREAK); at !== -1; at = bytes.indexOf(LINE_BREAK, at + 1)) {
    index.breaks += 1;
    index.lastLineStart = index.indexed + at + 1;
    if (index.breaks % index.step === 0) index.checkpoints.push(index.lastLineStart);
  }
  index.indexed += bytes.length;
}

/** Lines in the indexed bytes: one per break, and the last one even without its break. */
export function lineCount(index: LineIndex): number {
  return index.breaks + (index.indexed > index.lastLineStart ? 1 : 0);
}

/** Where to start reading for line `line`: the checkpoint at or before it, and how many lines to skip from there. */
export function seekLine(index: LineIndex, line: number): { start: number; skip: number } {
  const checkpoint = Math.min(Math.floor(line / index.step), index.checkpoints.length - 1);
  return { start: index.checkpoints[checkpoint]!, skip: line - checkpoint * index.step };
}

/**
 * Splits byte chunks into text of whole lines: each piece ends with a line
 * break but the last, which holds the file's unfinished last line. A break is
 * one byte in UTF-8, never part of another character, so no character is cut.
 */
export async function* wholeLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of chunks) {
    const bytes = rest.length ? Buffer.concat([rest, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const lastBreak = bytes.lastIndexOf(LINE_BREAK);
    if (lastBreak === -1) {
      rest = bytes;
      continue;
    }
    rest = bytes.subarray(lastBreak + 1);
    yield bytes.toString('utf8', 0, lastBreak + 1);
  }
  if (rest.length) yield rest.toString('utf8');
}

/** The lines of a piece of `wholeLines` text, without their breaks. */
export function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines;
}

/** A line as shown: cut after `max` characters, ending in `…`. */
export function shownLine(line: string, max: number): string {
  const trimmed = line.endsWith('\r') ? line.slice(0, -1) : line;
  return trimmed.length > max ? `${trimmed.slice(0, max)}…` : trimmed;
}

/** Breaks in `text` from `start` (inclusive) to `end` (exclusive). */
function breaksBetween(text: string, start: number, end: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', start); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/**
 * The matching lines of one piece of `wholeLines` text whose first line is
 * `firstLine`: their indexes, in order, each once however often it matches.
 * Returns them and the index of the line after the piece.
 */
export function matchingLines(text: string, firstLine: number, pattern: RegExp): { matches: number[]; nextLine: number } {
  const matches: number[] = [];
  let line = firstLine;
  let counted = 0; // `line` is the line at text position `counted`
  pattern.lastIndex = 0;
  for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
    line += breaksBetween(text, counted, found.index);
    matches.push(line);
    // The rest of this line need not be searched.
    const lineEnd = text.indexOf('\n', found.index + found[0].length);
    if (lineEnd === -1) return { matches, nextLine: line + 1 };
    line += 1;
    counted = lineEnd + 1;
    pattern.lastIndex = counted;
  }
  line += breaksBetween(text, counted, text.length);
  // A piece without a final break ends in the file's unfinished last line.
  return { matches, nextLine: text.endsWith('\n') || text.length === 0 ? line : line + 1 };
}
