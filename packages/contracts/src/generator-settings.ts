import { z } from 'zod';

import { CHARACTER_COUNT_RANGE } from './character-counts.js';

// Imports no other contracts module: organizations.ts and posts.ts read it, and
// plans.ts and organizations.ts already import each other.

const characterCount = z.number().int().min(CHARACTER_COUNT_RANGE.min).max(CHARACTER_COUNT_RANGE.max);
const setting = z.string().nullable();

/**
 * Part 2 §3: what a post is generated from besides the business, as a
 * template, an auto-schedule and a post's original request keep it. A text
 * setting not chosen is null; option fields are free strings here (the routes
 * that take them check them against part 2 §3's lists).
 */
export const generatorSettingsShape = {
  content_type: z.string(),
  topic: setting,
  context: setting,
  time_of_year: setting,
  event_details: setting,
  tone: setting,
  mood: setting,
  language: setting,
  character_limit: characterCount.nullable(),
  target_character_count: characterCount.nullable(),
};
type GeneratorSettingsShape = typeof generatorSettingsShape;
export type GeneratorSettings = z.infer<z.ZodObject<GeneratorSettingsShape>>;

/** A setting filled in when absent: a text default makes it a string, a null default keeps it nullable. */
type FilledIn<S extends z.ZodType, D> = z.ZodDefault<S extends z.ZodNullable<infer T> ? (D extends null ? S : T) : S>;

/**
 * The generator settings with each absent one filled in from `defaults` (a
 * post's original request always names its tone, its language...). A text
 * setting with a text default no longer takes null.
 */
export function generatorSettingsWithDefaults<const D extends { [K in keyof GeneratorSettingsShape]: z.output<GeneratorSettingsShape[K]> }>(
  defaults: D,
): { [K in keyof GeneratorSettingsShape]: FilledIn<GeneratorSettingsShape[K], D[K]> } {
  const filled: Record<string, z.ZodType> = {};
  for (const [field, schema] of Object.entries(generatorSettingsShape)) {
    const fallback = defaults[field as keyof GeneratorSettingsShape];
    const base = fallback !== null && schema instanceof z.ZodNullable ? (schema.unwrap() as z.ZodType) : schema;
    filled[field] = base.default(fallback as never);
  }
  return filled as { [K in keyof GeneratorSettingsShape]: FilledIn<GeneratorSettingsShape[K], D[K]> };
}
