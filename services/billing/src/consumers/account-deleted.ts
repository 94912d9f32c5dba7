import { consume } from '@planner/service-kit';
import { endForDeletedAccount } from '../commands/plan-changes.js';
import type { BillingContext } from '../context.js';

/** A deleted account's paid subscription ends now: nobody is charged for an account that is gone. */
export const accountDeleted = consume<'auth.user.deleted', BillingContext>('auth.user.deleted', ({ userId }, { ctx }) => endForDeletedAccount(ctx, userId));
