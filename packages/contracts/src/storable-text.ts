import { SharedMessages } from './messages.js';

/** With the u flag a surrogate pair is one code point, so `\p{Cs}` matches only a surrogate that is not part of one. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Why a text cannot be stored, or undefined when it can. Postgres refuses
 * U+0000 in text and jsonb, and jsonb (every event record) refuses half of a
 * surrogate pair, which no UTF-8 can carry: a request is refused with this
 * (400) instead of failing its write (500).
 */
export function unstorableTextProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return SharedMessages.nulCharacter;
  if (LONE_SURROGATE.test(text)) return SharedMessages.loneSurrogate;
  return undefined;
}

/** An object whose fields are data: a parsed body's or query's (whatever its prototype), not a buffer, a date or a map. */
const isRecord = (value: unknown): value is Record<string, unknown> => Object.prototype.toString.call(value) === '[object Object]';

/**
 * The first text of a parsed request (its strings, in arrays and objects,
 * keys too) that cannot be stored: its place as a dot path ('' for the value
 * itself) and why. Other values (numbers, buffers) hold no text. Walked with
 * a queue, not recursion, each object once: a deeply nested body cannot
 * overflow the stack, nor a cycle loop.
 */
export function findUnstorableText(value: unknown): { field: string; message: string } | undefined {
  const queue: Array<[value: unknown, field: string]> = [[value, '']];
  const seen = new Set<unknown>();
  for (let next = 0; next < queue.length; next++) {
    const [item, field] = queue[next]!;
    const at = (key: string) => (field ? `${field}.${key}` : key);
    if (typeof item === 'string') {
      const message = unstorableTextProblem(item);
      if (message) return { field, message };
      continue;
    }
    if (seen.has(item)) continue;
    seen.add(item);
    if (Array.isArray(item)) {
      item.forEach((element, index) => queue.push([element, at(String(index))]));
    } else if (isRecord(item)) {
      for (const [key, element] of Object.entries(item)) {
        const message = unstorableTextProblem(key);
        if (message) return { field: at(key), message };
        queue.push([element, at(key)]);
      }
    }
  }
  return undefined;
}
