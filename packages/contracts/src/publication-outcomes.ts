import type { PlatformOutcome } from './posts.js';

// Apart from posts.ts: a browser bundle that needs only this rule must not keep posts.ts's zod schemas
// (frontend/e2e size.test.ts, 'leaves zod out').

/** An outcome that needs the user: failed for good, or in doubt (check the account, then confirm or retry); a Retry may ask for it again. */
export const needsUser = (outcome: Pick<PlatformOutcome, 'status'>) => outcome.status === 'failed' || outcome.status === 'in_doubt';
