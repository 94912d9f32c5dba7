import type { EntityManager } from 'typeorm';
import type { ServiceContext } from '@planner/service-kit';
import type { ContentConfig } from '../config.js';
import { confirmSubscriptionUrl, linkSettings } from '../domain/links.js';
import { Subscriber } from '../entities/subscriber.entity.js';

/** A repeated signup sends no second confirmation mail within this time (no flooding an address through the form). */
export const CONFIRMATION_RESEND_AFTER = '10 minutes';

/**
 * Subscribes an address whose owner is known to want it (an account that
 * ticked the newsletter box, its address verified), or makes an unsubscribed
 * one active again; an active subscriber stays as it is.
 */
export async function subscribe(manager: EntityManager, email: string, userId: string | null = null): Promise<void> {
  await manager.query(
    `INSERT INTO newsletter_subscribers (email, user_id) VALUES ($1, $2)
     ON CONFLICT (email) DO UPDATE SET is_active = true, unsubscribed_at = NULL,
       user_id = COALESCE(newsletter_subscribers.user_id, EXCLUDED.user_id)`,
    [email.toLowerCase(), userId],
  );
}

/**
 * Records an account's ticked newsletter box while its address is not yet
 * verified: inactive until auth reports the verification (see `activatePending`).
 */
export async function addPending(manager: EntityManager, email: string, userId: string): Promise<void> {
  await manager.query(
    `INSERT INTO newsletter_subscribers (email, user_id, is_active) VALUES ($1, $2, false)
     ON CONFLICT (email) DO UPDATE SET user_id = COALESCE(newsletter_subscribers.user_id, EXCLUDED.user_id)`,
    [email.toLowerCase(), userId],
  );
}

/** The account's address is verified: its signup awaiting that becomes active (an unsubscribed one stays so). */
export async function activatePending(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`UPDATE newsletter_subscribers SET is_active = true WHERE user_id = $1 AND NOT is_active AND unsubscribed_at IS NULL`, [userId]);
}

/**
 * A signup from the public form (double opt-in): an address not yet active
 * is recorded inactive and asked to confirm by mail, at most once per
 * CONFIRMATION_RESEND_AFTER; an active one is left alone, without a mail.
 */
export async function requestSubscription(ctx: ServiceContext<ContentConfig>, email: string): Promise<void> {
  const address = email.toLowerCase();
  await ctx.dataSource.transaction(async (manager) => {
    const asked: unknown[] = await manager.query(
      `INSERT INTO newsletter_subscribers (email, is_active, confirmation_sent_at) VALUES ($1, false, now())
       ON CONFLICT (email) DO UPDATE SET confirmation_sent_at = now()
         WHERE NOT newsletter_subscribers.is_active
           AND (newsletter_subscribers.confirmation_sent_at IS NULL OR newsletter_subscribers.confirmation_sent_at < now() - $2::interval)
       RETURNING id`,
      [address, CONFIRMATION_RESEND_AFTER],
    );
    if (asked.length > 0) {
      await ctx.outbox.add(manager, 'content.newsletter.confirmation_requested', { email: address, confirmUrl: confirmSubscriptionUrl(linkSettings(ctx.config), address) });
    }
  });
}

/** The owner confirmed by the mailed link: the address becomes active. False when it is no longer on the list (deleted since). */
export async function confirmSubscription(ctx: ServiceContext, email: string): Promise<boolean> {
  const { affected } = await ctx.dataSource.manager.update(Subscriber, { email: email.toLowerCase() }, { isActive: true, unsubscribedAt: null });
  return Boolean(affected);
}

/** Ends an address's subscription, or its signup awaiting confirmation; an unknown or unsubscribed address is left alone. */
export async function unsubscribe(ctx: ServiceContext, email: string): Promise<void> {
  await ctx.dataSource.query(
    `UPDATE newsletter_subscribers SET is_active = false, unsubscribed_at = now() WHERE email = $1 AND (is_active OR unsubscribed_at IS NULL)`,
    [email.toLowerCase()],
  );
}

/** A deleted account's address goes off the list, its signup data with it. */
export async function removeSubscriber(manager: EntityManager, email: string): Promise<void> {
  await manager.delete(Subscriber, { email: email.toLowerCase() });
}
