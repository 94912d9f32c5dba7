/**
 * Part 2 §9: a character limit and a target count are 1 to 5000. A module of
 * its own, without schemas: the plans' LIMITS read it, and a frontend bundle
 * that needs only LIMITS then carries no zod (see the frontend's tree-shaking).
 */
export const CHARACTER_COUNT_RANGE = { min: 1, max: 5000 } as const;
