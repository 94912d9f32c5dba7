import { lazy, type ComponentType } from 'react';

type SignedIn = typeof import('./signed-in.js');

/**
 * One export of the signed-in chunk (signed-in.ts) as a component of the shell's bundle: the chunk is
 * fetched, once, when the first of them renders; a <Suspense> above shows the wait and a
 * <FallbackBoundary> above a failed fetch (React keeps a failed lazy component failed: a reload fetches it again).
 */
function fromSignedInChunk<Props extends object>(pick: (chunk: SignedIn) => ComponentType<Props>) {
  return lazy(() => import('./signed-in.js').then((chunk) => ({ default: pick(chunk) })));
}

export const RequireAuth = fromSignedInChunk((chunk) => chunk.RequireAuth);
export const RequireFeature = fromSignedInChunk((chunk) => chunk.RequireFeature);
export const RequireAdmin = fromSignedInChunk((chunk) => chunk.RequireAdmin);
export const RequireOrganization = fromSignedInChunk((chunk) => chunk.RequireOrganization);
export const UserNavLinks = fromSignedInChunk((chunk) => chunk.UserNavLinks);
