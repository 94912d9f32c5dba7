/**
 * A signal that aborts with a `TimeoutError` after `ms`, as `AbortSignal.timeout`
 * does, but kept alive by its own timer. Node 20 holds the sources of an
 * `AbortSignal.any()` weakly, so a timeout signal that only a composite refers to
 * can be garbage collected and never fire (nodejs/node#57736): a request that
 * should time out waits for ever. The timer is unref'd, so it never keeps a
 * process alive on its own.
 */
export function deadline(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms).unref();
  return controller.signal;
}

/** `signal`, or the deadline after `ms`, whichever aborts first. */
export function withDeadline(signal: AbortSignal | undefined, ms: number): AbortSignal {
  return signal ? AbortSignal.any([signal, deadline(ms)]) : deadline(ms);
}
