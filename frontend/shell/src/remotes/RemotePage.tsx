import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { HostConfig, HostProps, PageName, RemoteName } from '@planner/remote-contract';
import { LoadingRegion } from '@planner/ui/skeleton';
import { useSelectedOrganizationOrNull } from '../selected-organization.js';
import { useHost, useShell } from '../shell-context.js';
import { FallbackBoundary } from '../ui/FallbackBoundary.js';

/** Not worded by the spec: a part of the app whose code could not be loaded. */
export const REMOTE_FAILED = 'This part of the application could not be loaded. Please check your connection and try again.';

/** A page's place while its code loads: its outline in skeletons, "Loading…" to screen readers. */
export function PageLoading() {
  return <LoadingRegion className="page-loading" lines={3} blocks={2} />;
}

export function RemoteError({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="page remote-error" aria-labelledby="remote-error-title">
      <h1 id="remote-error-title">Something went wrong</h1>
      <p role="alert">{REMOTE_FAILED}</p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </main>
  );
}

function Loaded({ Page, config }: { Page: ComponentType<HostProps>; config: HostConfig }) {
  const host = useHost(config, useSelectedOrganizationOrNull());
  return <Page host={host} />;
}

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; remote: RemoteName; Page: ComponentType<HostProps>; config: HostConfig };

/**
 * One page of a remote, loaded at run time (the remote, then the page); loading (or `placeholder`), then the page or an error with Retry.
 * `page` is one of that remote's pages (RemotePageNames of the remote contract): a typo fails tsc.
 */
export function RemotePage<R extends RemoteName>({ remote, page, placeholder }: { remote: R; page: PageName<R>; placeholder?: ReactNode }) {
  const { remotes } = useShell();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    let current = true;
    // From one page of a remote to another, the shown page stays until the next is ready (no flash of the loading state).
    setState((previous) => (previous.status === 'ready' && previous.remote === remote ? previous : { status: 'loading' }));
    remotes
      .load(remote)
      .then(async ({ pages, config }) => {
        const load = pages[page];
        if (!load) throw new Error(`the remote has no page "${page}"`);
        return { remote, Page: await load(), config };
      })
      .then(
        (ready) => current && setState({ status: 'ready', ...ready }),
        () => current && setState({ status: 'error' }),
      );
    return () => {
      current = false;
    };
  }, [remotes, remote, page, attempt]);

  if (state.status === 'loading') {
    return placeholder ?? <PageLoading />;
  }
  if (state.status === 'error') return <RemoteError onRetry={retry} />;
  return (
    // A page that throws while rendering gets the same error state instead of a blank screen; Retry loads it again.
    <FallbackBoundary key={attempt} fallback={<RemoteError onRetry={retry} />}>
      <Loaded Page={state.Page} config={state.config} />
    </FallbackBoundary>
  );
}
