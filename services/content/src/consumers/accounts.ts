import { consume } from '@planner/service-kit';
import { recordAuthor } from '../commands/authors.js';
import { activatePending, addPending, removeSubscriber, subscribe } from '../commands/subscriptions.js';

/**
 * Accounts as content needs them: names for the blog's bylines, the
 * newsletter box ticked at registration (active once the address is
 * verified), and a deleted account's address taken off the list (its data goes with it).
 */
export const accountConsumers = [
  consume('auth.user.registered', async ({ userId, username, email, newsletterSubscribe, emailVerified }, { manager }) => {
    await recordAuthor(manager, userId, username);
    if (!newsletterSubscribe) return;
    // The ticked box counts once the address is known to be the user's (double opt-in by auth's verification).
    if (emailVerified) await subscribe(manager, email, userId);
    else await addPending(manager, email, userId);
  }),
  consume('auth.user.verified', ({ userId }, { manager }) => activatePending(manager, userId)),
  consume('auth.user.deleted', ({ email }, { manager }) => removeSubscriber(manager, email)),
];
