// Types of supervisor.mjs for the TypeScript tests that import it.
import type { ChildProcess } from 'node:child_process';

export interface Backoff {
  firstMs: number;
  maxMs: number;
  stableMs: number;
}
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}
/** A child as spawnPrefixed makes it: `closed` resolves once it has exited and its output is read. */
export type SupervisedChild = ChildProcess & { closed: Promise<Exit>; label?: string };

export const BACKOFF: Backoff;
export function nextRestart(crashesBefore: number, ranForMs: number, backoff?: Backoff): { crashes: number; delayMs: number };
export function describeExit(exit: Exit): string;
export class Supervisor {
  constructor(options: { log: { warn: (message: string) => void }; backoff?: Backoff });
  run(label: string, start: () => SupervisedChild): SupervisedChild;
  current(label: string): SupervisedChild | null;
  stop(): SupervisedChild[];
}
