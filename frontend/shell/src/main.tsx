import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.js';
import { FederationLoader } from './remotes/federation.js';
import { ShellContext, createShellServices } from './shell-context.js';
import { VersionCheck } from './background/version-check.js';
import { startSessionChecks } from './session/checks.js';
import './styles.css';

const services = createShellServices({
  fetch: window.fetch.bind(window),
  storage: window.localStorage,
  sessionStorage: window.sessionStorage,
  window,
  now: Date.now,
  redirect: (path) => window.location.assign(path),
  remotes: new FederationLoader(),
});
startSessionChecks(services);
void new VersionCheck({
  client: services.client,
  storage: window.localStorage,
  session: window.sessionStorage,
  now: Date.now,
  reload: () => {
    navigator.serviceWorker?.controller?.postMessage({ type: 'new-version' });
    window.location.reload();
  },
  activity: window,
}).start();
// Production only: the dev server's unhashed modules are not worth caching.
if (import.meta.env.PROD && 'serviceWorker' in navigator) void navigator.serviceWorker.register('/service-worker.js');
services.systemMessages.start();

const queryClient = new QueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <ShellContext.Provider value={services}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </QueryClientProvider>
    </ShellContext.Provider>
  </StrictMode>,
);
