/** What the API client tells the page about (part 1 §4: "api error" / "api connected" events). */
export type ApiEvent =
  | { type: 'connection-lost' }
  | { type: 'connected' }
  /** The first 'connected' after a 'connection-lost'. */
  | { type: 'connection-restored' }
  | { type: 'rate-limited'; until: number };

export class ApiEvents {
  private readonly listeners = new Set<(event: ApiEvent) => void>();

  subscribe(listener: (event: ApiEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: ApiEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
