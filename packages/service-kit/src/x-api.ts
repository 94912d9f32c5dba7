import http from 'node:http';

/** twitter-api-v2's fixed API origin (its `API_V2_PREFIX` and OAuth 2 endpoints live under it). */
const LIBRARY_ORIGIN = 'https://api.x.com/';

/**
 * The part of twitter-api-v2's client settings that rebases it, typed
 * structurally so the kit does not depend on the library: a plugin whose
 * `onBeforeRequestConfig` receives the request (before signing) and may
 * rewrite its URL.
 */
export interface XApiClientSettings {
  plugins: Array<{ onBeforeRequestConfig(args: { params: { url: string } }): void }>;
  httpAgent?: http.Agent;
}

/**
 * Client settings that send every twitter-api-v2 call to `baseUrl` (X_API_URL)
 * instead of https://api.x.com, so a local stand-in answers in tests. The
 * library has no base-URL option; its plugin hook is the one place every call
 * (helpers and raw `get`/`post` alike) passes through.
 */
export function xApiClientSettings(baseUrl: string): XApiClientSettings {
  const origin = baseUrl.replace(/\/+$/, '');
  return {
    plugins: [
      {
        onBeforeRequestConfig: ({ params }) => {
          if (params.url.startsWith(LIBRARY_ORIGIN)) params.url = `${origin}/${params.url.slice(LIBRARY_ORIGIN.length)}`;
        },
      },
    ],
    // The library sends through https.request; a plain-HTTP stand-in needs an HTTP agent.
    ...(origin.startsWith('http:') && { httpAgent: new http.Agent() }),
  };
}
