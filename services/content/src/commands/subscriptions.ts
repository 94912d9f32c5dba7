import type { EntityManager } from 'typeorm';

/**
 * Subscribes an address, or makes an unsubscribed one active again; an
 * active subscriber stays as it is (subscribing twice is harmless).
 */
export async function subscribe(manager: EntityManager, email: string, userId: string | null = null): Promise<void> {
  await manager.query(
    `INSERT INTO newsletter_subscribers (email, user_id) VALUES ($1, $2)
     ON CONFLICT (email) DO UPDATE SET is_active = true, unsubscribed_at = NULL,
       user_id = COALESCE(newsletter_subscribers.user_id, EXCLUDED.user_id)`,
    [email.toLowerCase(), userId],
  );
}

/** Ends an address's subscription; an unknown or inactive address is left alone. */
export async function unsubscribe(manager: EntityManager, email: string): Promise<void> {
  await manager.query(`UPDATE newsletter_subscribers SET is_active = false, unsubscribed_at = now() WHERE email = $1 AND is_active`, [
    email.toLowerCase(),
  ]);
}
