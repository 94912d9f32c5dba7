import { z } from 'zod';
import { SharedMessages } from '@planner/contracts';
import { NAMES_NOTHING, notFound } from './errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * A path parameter naming a row by id. One that is no UUID names nothing: a
 * 404 with the resource's message (as a row that is not there), rather than
 * a 400 about the id's shape, or a database error.
 */
export const pathId = (notFoundMessage: string = SharedMessages.notFound) => z.string().refine(isUuid, { message: notFoundMessage, params: NAMES_NOTHING });

/** Route parameters `{ id }` naming a row: see `pathId`. */
export const idParams = (notFoundMessage?: string) => z.object({ id: pathId(notFoundMessage) });

/** The id when it can name a row; a 404 with the resource's message otherwise. */
export function rowId(id: string, notFoundMessage?: string): string {
  if (!isUuid(id)) throw notFound(notFoundMessage);
  return id;
}
