import { Component, useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { HostConfig, HostProps, PageName, RemoteName } from '@planner/remote-contract';
import { useSelectedOrganizationOrNull } from '../guards.js';
import { useHost, useShell } from '../shell-context.js';

/** Not worded by the spec: a part of the app whose code could not be loaded. */
export const REMOTE_FAILED = 'This part of the application could not be loaded. Please check your connection and try again.';

function RemoteError({ onRetry }: { onRetry: () => void }) {
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

/** A page that throws while rendering gets the same error state instead of a blank screen. */
class RenderBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <RemoteError
        onRetry={() => {
          this.setState({ failed: false });
          this.props.onRetry();
        }}
      />
    );
  }
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
    if (placeholder) return placeholder;
    return (
      <div className="page-loading" role="status">
        Loading…
      </div>
    );
  }
  if (state.status === 'error') return <RemoteError onRetry={retry} />;
  return (
    <RenderBoundary key={attempt} onRetry={retry}>
      <Loaded Page={state.Page} config={state.config} />
    </RenderBoundary>
  );
}
