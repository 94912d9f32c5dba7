import { z } from 'zod';
import { OrganizationMessages } from '@planner/contracts';

/** Whether Postgres can store the text: it refuses U+0000 in text columns. */
export const isStorable = (text: string): boolean => !text.includes('\u0000');

/** Text to be stored: U+0000 is refused here with a 400 instead of failing the write. */
export function storedText<T extends z.ZodString>(schema: T): T {
  return schema.refine(isStorable, { message: OrganizationMessages.nulCharacter });
}
