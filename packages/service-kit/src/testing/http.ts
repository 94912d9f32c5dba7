import type net from 'node:net';
import type { TestKeys } from './index.js';

/** The Authorization header of a request made with `token`; no header without one. */
export function bearer(token: string): { authorization: string };
export function bearer(token: string | undefined): Record<string, string>;
export function bearer(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** The Authorization header of a user's request: an access token signed with the test keys for `claims`. */
export async function signedBearer(keys: TestKeys, claims: Parameters<TestKeys['sign']>[0], options?: Parameters<TestKeys['sign']>[1]): Promise<{ authorization: string }> {
  return bearer(await keys.sign(claims, options));
}

/** `http://127.0.0.1:<port>` of a server listening on loopback (a node server, or a Fastify app's). */
export function loopbackUrl(server: net.Server | { server: net.Server }): string {
  const listening = 'server' in server ? server.server : server;
  const address = listening.address();
  if (address === null || typeof address === 'string') throw new Error('loopbackUrl: the server is not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}
