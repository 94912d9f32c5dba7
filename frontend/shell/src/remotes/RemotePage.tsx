import { Component, useCallback, useEffect, useState, type ReactNode } from 'react';
import type { LoadedRemote } from './loader.js';
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

function Loaded({ loaded, page }: { loaded: LoadedRemote; page: string }) {
  const host = useHost(loaded.config);
  const Page = loaded.pages[page];
  if (!Page) throw new Error(`the remote has no page "${page}"`);
  return <Page host={host} />;
}

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; loaded: LoadedRemote };

/** One page of a remote, loaded at run time; loading (or `placeholder`), then the page or an error with Retry. */
export function RemotePage({ remote, page, placeholder }: { remote: string; page: string; placeholder?: ReactNode }) {
  const { remotes } = useShell();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    remotes.load(remote).then(
      (loaded) => current && setState({ status: 'ready', loaded }),
      () => current && setState({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [remotes, remote, attempt]);

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
      <Loaded loaded={state.loaded} page={page} />
    </RenderBoundary>
  );
}
