import { findUnstorableText } from '@planner/contracts';
import { badRequest } from './errors.js';

/**
 * The rule for every text a service takes in (issue 28): a request holding
 * text Postgres cannot store (U+0000, a lone surrogate) is a 400 naming the
 * field, instead of a failed write (500). The server applies it to every
 * HTTP request and `respond`/`ask` to every bus request; a route that reads
 * its input itself (a streamed multipart form) calls it on what it read.
 */
export function refuseUnstorableText(value: unknown): void {
  const found = findUnstorableText(value);
  if (found) throw badRequest(found.message, found.field ? { field: found.field } : {});
}
