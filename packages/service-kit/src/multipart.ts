import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { SharedMessages } from '@planner/contracts';
import { badRequest, HttpError } from './errors.js';

/** A part of a multipart form as @fastify/multipart's `request.parts()` yields it: a file (its bytes as a stream) or a field. */
export type FormPart = { type: 'file'; file: Readable } | { type: 'field' };

/** The parser's limits (files, fields, parts) as @fastify/multipart names them. */
const LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);
/** The client went away before the form's end. */
const PREMATURE_CLOSE = 'FST_MP_PREMATURE_CLOSE';
/**
 * What busboy says, on the form and on the stream of the file it was in, when
 * the body ends inside the form: the closing boundary never came. It gives
 * these errors no code; @fastify/multipart itself tells them by their words.
 */
const CUT_SHORT = /unexpected end of multipart data/i;

/** A file stream that will never end nor fail again: the parser gave up on it before it was handed over. */
const isDead = (file: Readable) => file.errored !== null || (file.destroyed && !file.readableEnded);

/** The answer to a failure of the parser (or of a reader on a file the parser cut short); other errors as they are. */
function formError(error: unknown, fromParser: boolean, overLimits: string): unknown {
  if (error instanceof HttpError) return error;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && LIMIT_CODES.has(code)) return new HttpError(413, overLimits);
  if (fromParser || code === PREMATURE_CLOSE || (typeof message === 'string' && CUT_SHORT.test(message))) return badRequest(SharedMessages.formUnreadable);
  return error;
}

/** The parts, each file checked alive when handed over; what the parser throws is answered (formError). */
async function* checkedParts<P extends FormPart>(parts: AsyncIterable<P>, overLimits: string): AsyncGenerator<P> {
  const iterator = parts[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<P>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw formError(error, true, overLimits);
    }
    if (next.done) return;
    // The parser reads on while the reader handles the part before: a body that ended inside this file has
    // destroyed it already, and a reader would wait on it for ever.
    if (next.value.type === 'file' && isDead(next.value.file)) throw badRequest(SharedMessages.formUnreadable);
    yield next.value;
  }
}

/**
 * Reads a multipart form (`parts`: the request's `request.parts()`) with
 * `read`, which handles its parts as they stream. A body the parser cannot
 * read — cut short (no closing boundary: the body ended inside a part),
 * without a boundary, not multipart at all, the client gone — is a 400 at
 * once, whether the parser or a reader of one of its files met it; more
 * files, fields or parts than the parser's limits is a 413 (`overLimits`, its
 * message). On any failure the rest of the body is read and dropped: the
 * parser may be holding a file nobody will read, and the request would stall
 * with the answer never reaching the client. What `read` stored is its own to
 * remove.
 */
export async function readMultipartForm<P extends FormPart, T>(
  request: FastifyRequest,
  parts: AsyncIterable<P>,
  { overLimits }: { overLimits: string },
  read: (parts: AsyncIterable<P>) => Promise<T>,
): Promise<T> {
  try {
    return await read(checkedParts(parts, overLimits));
  } catch (error) {
    request.raw.unpipe();
    request.raw.resume();
    throw formError(error, false, overLimits);
  }
}
