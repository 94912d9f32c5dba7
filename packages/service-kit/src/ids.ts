import { z } from 'zod';
import { notFound } from './errors.js';

/**
 * Route parameters naming a row by id. Any string is taken: one that is no
 * UUID names nothing, so `rowId` answers 404 (rather than a 400 about the id's
 * shape, or a database error).
 */
export const idParams = z.object({ id: z.string() });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** The id when it can name a row; a 404 with the resource's message otherwise. */
export function rowId(id: string, notFoundMessage?: string): string {
  if (!isUuid(id)) throw notFound(notFoundMessage);
  return id;
}
