/**
 * Part 1 §5: a slug is the text lowercased, accents and punctuation removed,
 * runs of spaces and hyphens turned into one hyphen.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-|-$/g, '');
}
