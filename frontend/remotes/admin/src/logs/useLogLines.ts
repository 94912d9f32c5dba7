import type { Host } from '@planner/remote-contract';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Lines fetched per request. */
export const BLOCK_LINES = 500;
/** Blocks kept (those farthest from the view are dropped first): a few thousand lines, whatever the file's size. */
export const KEPT_BLOCKS = 16;

export interface LogLinesState {
  /** Lines in the file; null until the first answer. */
  totalLines: number | null;
  error: unknown;
  /** Line `index`, or undefined while it is being fetched. */
  lineAt: (index: number) => string | undefined;
  /** Fetches what is missing of lines `first` … `last` and forgets blocks far from them. */
  request: (first: number, last: number) => void;
}

/**
 * A log file's lines, fetched a block at a time as the viewer needs them
 * (GET /logs/{name}/lines), so the browser holds a few thousand lines of a file
 * of any size. Starts over when the file or `reload` changes.
 */
export function useLogLines(host: Host, name: string, reload: number): LogLinesState {
  const blocks = useRef(new Map<number, string[]>());
  const pending = useRef(new Set<number>());
  const generation = useRef(0);
  const [totalLines, setTotalLines] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [, setFetched] = useState(0);

  const load = useCallback(
    (block: number) => {
      const current = generation.current;
      pending.current.add(block);
      host.api
        .request('GET', '/logs/:name/lines', { params: { name }, query: { from: block * BLOCK_LINES, count: BLOCK_LINES } })
        .then(
          (answer) => {
            if (current !== generation.current) return;
            blocks.current.set(block, answer.lines);
            setTotalLines(answer.total_lines);
            setError(null);
          },
          (failure: unknown) => {
            if (current === generation.current) setError(failure);
          },
        )
        .finally(() => {
          if (current !== generation.current) return;
          pending.current.delete(block);
          setFetched((count) => count + 1);
        });
    },
    [host, name],
  );

  useEffect(() => {
    generation.current += 1;
    blocks.current = new Map();
    pending.current = new Set();
    setTotalLines(null);
    setError(null);
    load(0);
  }, [load, reload]);

  const request = useCallback(
    (first: number, last: number) => {
      const firstBlock = Math.floor(first / BLOCK_LINES);
      const lastBlock = Math.floor(last / BLOCK_LINES);
      for (let block = firstBlock; block <= lastBlock; block += 1) {
        if (!blocks.current.has(block) && !pending.current.has(block)) load(block);
      }
      const kept = [...blocks.current.keys()];
      if (kept.length <= KEPT_BLOCKS) return;
      const distance = (block: number) => (block < firstBlock ? firstBlock - block : block > lastBlock ? block - lastBlock : 0);
      kept.sort((a, b) => distance(b) - distance(a));
      for (const block of kept.slice(0, kept.length - KEPT_BLOCKS)) blocks.current.delete(block);
    },
    [load],
  );

  const lineAt = useCallback((index: number) => blocks.current.get(Math.floor(index / BLOCK_LINES))?.[index % BLOCK_LINES], []);
  return { totalLines, error, lineAt, request };
}
