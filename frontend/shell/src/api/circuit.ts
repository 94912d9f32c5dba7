/** Part 1 §4, §9: opens after 3 consecutive connection failures and stays open 30 seconds. */
export const CIRCUIT_FAILURES = 3;
export const CIRCUIT_OPEN_MS = 30_000;

export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;

  constructor(private readonly now: () => number) {}

  /** False while open; after the open period one call is let through to probe the server. */
  allows(): boolean {
    if (this.openedAt === null) return true;
    return this.now() - this.openedAt >= CIRCUIT_OPEN_MS;
  }

  get isOpen(): boolean {
    return !this.allows();
  }

  recordSuccess(): void {
    this.failures = 0;
    this.openedAt = null;
  }

  recordFailure(): void {
    this.failures += 1;
    // A failed probe after the open period re-opens it for another 30 s.
    if (this.failures >= CIRCUIT_FAILURES) this.openedAt = this.now();
  }
}
