/** A line cut into the parts that match the search and those that do not, in order. */
export function highlightParts(line: string, pattern: RegExp | null): { text: string; match: boolean }[] {
  if (!pattern) return [{ text: line, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const found of line.matchAll(pattern)) {
    if (found.index > at) parts.push({ text: line.slice(at, found.index), match: false });
    parts.push({ text: found[0], match: true });
    at = found.index + found[0].length;
  }
  if (at < line.length || parts.length === 0) parts.push({ text: line.slice(at), match: false });
  return parts;
}
