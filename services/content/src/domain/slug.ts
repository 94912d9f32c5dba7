/**
 * The longest slug: Fastify's router refuses path parameters over 100
 * characters (maxParamLength), so a longer slug could not be read by /blog/posts/{slug}.
 */
export const SLUG_MAX_LENGTH = 100;

/**
 * Part 1 §5: a slug is the text lowercased, accents and punctuation removed,
 * runs of spaces and hyphens turned into one hyphen; cut at SLUG_MAX_LENGTH.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/^-|-$/g, '');
}
