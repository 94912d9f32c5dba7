import type { Host } from '@planner/remote-contract';
import { useEffect, useRef, useState } from 'react';
import { failureText } from '../errors.js';

export interface LogSearchState {
  query: string;
  /** Indexes of the matching lines found so far (the server answers them a thousand at a time). */
  matches: number[];
  /** Matching lines in the whole file. */
  matchCount: number;
  /** The current match: an index into `matches`. */
  current: number;
}

/**
 * The viewer's search, run by the server over the whole file
 * (GET /logs/{name}/search): the matching lines, the current one, and the way
 * to the next and previous (fetching more as Next passes the last known).
 * `show` is told each line to bring into view.
 */
export function useLogSearch(host: Host, name: string | null, show: (line: number) => void) {
  const [search, setSearch] = useState<LogSearchState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const file = useRef(name);
  useEffect(() => {
    file.current = name;
    setSearch(null);
    setError(null);
  }, [name]);

  const fetchMatches = async (query: string, from: number) => {
    const asked = file.current;
    if (asked === null) return null;
    setBusy(true);
    try {
      const answer = await host.api.request('GET', '/logs/:name/search', { params: { name: asked }, query: { q: query, from } });
      setError(null);
      return file.current === asked ? answer : null;
    } catch (caught) {
      if (file.current === asked) setError(failureText(caught, 'Search failed'));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const moveTo = (state: LogSearchState, current: number) => {
    setSearch({ ...state, current });
    show(state.matches[current]!);
  };

  /** The next match; past the last one, the first again when `wrap`. */
  const next = async ({ wrap = false } = {}) => {
    if (!search || busy) return;
    if (search.current + 1 < search.matches.length) return moveTo(search, search.current + 1);
    if (search.matches.length >= search.matchCount) {
      if (wrap && search.matches.length) moveTo(search, 0);
      return;
    }
    const more = await fetchMatches(search.query, search.matches.at(-1)! + 1);
    if (more?.matches.length) moveTo({ ...search, matches: [...search.matches, ...more.matches], matchCount: more.match_count }, search.current + 1);
  };

  const previous = () => {
    if (search && search.current > 0) moveTo(search, search.current - 1);
  };

  /** Searches for `query`; the same query again goes to the next match (after the last, the first), as a browser's find does. */
  const run = async (query: string) => {
    if (!query.trim()) {
      setSearch(null);
      setError(null);
      return;
    }
    if (search && search.query === query) return next({ wrap: true });
    const found = await fetchMatches(query, 0);
    if (!found) return;
    const state = { query, matches: found.matches, matchCount: found.match_count, current: 0 };
    setSearch(state);
    if (state.matches.length) show(state.matches[0]!);
  };

  const clear = () => {
    setSearch(null);
    setError(null);
  };

  return { search, busy, error, run, next, previous, clear };
}
