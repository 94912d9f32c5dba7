import { formatBytes, logSearchPattern } from '@planner/contracts';
import type { HostProps } from '@planner/remote-contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { failureText } from '../errors.js';
import { LogFileList } from './LogFileList.js';
import { useLogSearch } from './useLogSearch.js';
import { LogViewer, type Jump } from './LogViewer.js';
import { LoadingRegion } from '@planner/ui/skeleton';

/** What the search says about its matches. */
function searchStatus(search: ReturnType<typeof useLogSearch>): string {
  if (search.busy) return 'Searching…';
  if (search.error) return search.error;
  const state = search.search;
  if (!state) return '';
  if (state.matchCount === 0) return `No lines match “${state.query}”.`;
  const lines = state.matchCount === 1 ? '1 matching line' : `${state.matchCount.toLocaleString('en-US')} matching lines`;
  return `${lines} · ${state.current + 1} of ${state.matchCount.toLocaleString('en-US')} (line ${(state.matches[state.current]! + 1).toLocaleString('en-US')})`;
}

/**
 * System Logs, /logs (part 1 §2; admins only, the shell's guard): the log
 * files with a filter, and the chosen one in a viewer with search (on the
 * server, case-insensitive, matches highlighted), refresh, fullscreen and jumps
 * to the top and bottom. The viewer fetches lines as they come into view, so
 * a file of any size opens at once and the browser never holds it whole.
 */
export function LogsPage({ host }: HostProps) {
  const id = useId();
  const files = useQuery({ queryKey: ['log-files'], queryFn: () => host.api.request('GET', '/logs/'), retry: false });
  const [selected, setSelected] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [fullscreen, setFullscreen] = useState(false);
  const [jump, setJump] = useState<Jump | null>(null);
  const jumps = useRef(0);
  const [query, setQuery] = useState('');
  const goTo = (to: Jump['to']) => setJump({ to, id: (jumps.current += 1) });
  const search = useLogSearch(host, selected, goTo);
  const pattern = useMemo(() => (search.search ? logSearchPattern(search.search.query) : null), [search.search]);
  const file = files.data?.find((candidate) => candidate.name === selected);

  // Jumps belong to the file shown: a new file or a reload starts at the top.
  useEffect(() => setJump(null), [selected, reload]);

  const refresh = () => {
    void files.refetch();
    setReload((count) => count + 1);
    search.clear();
  };

  return (
    <main className="page logs-page">
      <div className="page-heading">
        <h1>System Logs</h1>
        <button type="button" className="button button-secondary" onClick={refresh}>
          Refresh
        </button>
      </div>
      <div className="logs-layout">
        <section className="log-files" aria-labelledby={`${id}-files`}>
          <h2 id={`${id}-files`}>Log files</h2>
          {files.isError ? (
            <p className="form-message form-message-error" role="alert">
              {failureText(files.error, 'Failed to load log files')}
            </p>
          ) : files.data ? (
            <LogFileList files={files.data} selected={selected} onSelect={setSelected} />
          ) : (
            <LoadingRegion label="Loading log files…" />
          )}
        </section>

        <section
          className={fullscreen ? 'log-viewer-panel log-viewer-fullscreen' : 'log-viewer-panel'}
          aria-labelledby={`${id}-viewer`}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && fullscreen) setFullscreen(false);
          }}
        >
          <h2 id={`${id}-viewer`}>
            {selected ?? 'Log viewer'}
            {file && <span className="muted"> ({formatBytes(file.size)})</span>}
          </h2>
          {selected === null ? (
            <p>Select a log file to view it.</p>
          ) : (
            <>
              <div className="log-toolbar">
                <form
                  className="inline-form log-search"
                  role="search"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void search.run(query);
                  }}
                >
                  <label htmlFor={`${id}-search`}>Search in file</label>
                  <input
                    id={`${id}-search`}
                    type="search"
                    value={query}
                    maxLength={200}
                    onChange={(event) => {
                      setQuery(event.target.value);
                      if (!event.target.value) search.clear();
                    }}
                  />
                  <button type="submit" className="button" disabled={search.busy}>
                    Search
                  </button>
                </form>
                <p className="actions">
                  <button type="button" className="button button-secondary" disabled={!search.search || search.search.current === 0} onClick={search.previous}>
                    Previous match
                  </button>
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={!search.search || search.busy || search.search.current + 1 >= search.search.matchCount}
                    onClick={() => void search.next()}
                  >
                    Next match
                  </button>
                  <button type="button" className="button button-secondary" onClick={() => goTo('top')}>
                    Top
                  </button>
                  <button type="button" className="button button-secondary" onClick={() => goTo('bottom')}>
                    Bottom
                  </button>
                  <button type="button" className="button button-secondary" aria-pressed={fullscreen} onClick={() => setFullscreen((on) => !on)}>
                    {fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
                  </button>
                </p>
              </div>
              <p className="log-search-status" role="status">
                {searchStatus(search)}
              </p>
              <LogViewer
                host={host}
                name={selected}
                reload={reload}
                pattern={pattern}
                currentMatch={search.search?.matches[search.search.current] ?? null}
                jump={jump}
              />
            </>
          )}
        </section>
      </div>
    </main>
  );
}
