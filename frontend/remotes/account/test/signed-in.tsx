import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { MemoryRouter, Navigate, Route, Routes } from 'react-router-dom';
import type { Host } from '@planner/remote-contract';
import { HomePage } from '../src/HomePage.js';
import { ProfilePage } from '../src/ProfilePage.js';
import { Where } from './support.js';

/**
 * The shell's signed-in routes as far as the account remote's pages meet them: the session a store the pages re-render
 * from (the shell's useSyncExternalStore), / the home page for a user and the landing for a visitor, /profile behind
 * the login guard that sends a visitor to /login.
 */
export function renderSignedIn(host: Host, path: string) {
  let user = host.session.user;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const clear = host.session.clear;
  host.session.clear = () => {
    clear();
    user = null;
    listeners.forEach((listener) => listener());
  };
  function Session({ children }: { children: (signedIn: Host) => ReactNode }) {
    const current = useSyncExternalStore(subscribe, () => user);
    return children({ ...host, session: { ...host.session, user: current } });
  }
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<Session>{(signedIn) => (signedIn.session.user ? <HomePage host={signedIn} /> : <p>Landing page</p>)}</Session>} />
          <Route path="/login" element={<p>Login page</p>} />
          <Route
            path="/profile"
            element={<Session>{(signedIn) => (signedIn.session.user ? <ProfilePage host={signedIn} /> : <Navigate to="/login" replace />)}</Session>}
          />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
