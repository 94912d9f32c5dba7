/**
 * Gathers calls made close together into batches, so that under load many
 * callers share one round trip (one SQL statement, one request) instead of
 * each making its own. A call alone goes at once (on the next turn of the
 * event loop); while `maxInFlight` batches are being handled, new calls wait
 * and go together in the next one, so batches grow with the load by
 * themselves and no call waits on a timer.
 *
 * `handle` answers one result per input, in order: a value, or an Error that
 * fails that call alone. A rejection of `handle` fails the whole batch.
 */
export class Batcher<I, O> {
  private waiting: Array<{ input: I; resolve: (output: O) => void; reject: (error: unknown) => void }> = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;

  constructor(
    private readonly handle: (inputs: I[]) => Promise<ReadonlyArray<O | Error>>,
    { maxBatch = 100, maxInFlight = 1 }: { maxBatch?: number; maxInFlight?: number } = {},
  ) {
    this.maxBatch = maxBatch;
    this.maxInFlight = maxInFlight;
  }

  run(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.waiting.length === 0) return;
    this.scheduled = true;
    // setImmediate, not a microtask: callers woken in the same turn (a burst of jobs, replies) join the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.inFlight += 1;
      this.handle(batch.map((call) => call.input))
        .then(
          (outputs) => {
            if (outputs.length !== batch.length) throw new Error(`A batch of ${batch.length} was answered with ${outputs.length} results`);
            batch.forEach((call, i) => {
              const output = outputs[i]!;
              if (output instanceof Error) call.reject(output);
              else call.resolve(output);
            });
          },
        )
        .catch((error: unknown) => batch.forEach((call) => call.reject(error)))
        .finally(() => {
          this.inFlight -= 1;
          this.schedule();
        });
    }
  }
}
