import type { Meter } from '@opentelemetry/api';
import type { DataSource } from 'typeorm';
import { observeGauges } from '../metrics.js';
import { OutboxEvent } from './outbox-event.entity.js';

/**
 * The outbox's lag, read at each scrape (on the index of unpublished rows):
 * the rows the relay has not published yet and the age of the oldest. The
 * replicas of a service share its outbox, so each reports the same.
 */
export function observeOutbox(meter: Meter, dataSource: DataSource): void {
  observeGauges(
    meter,
    {
      pending: { name: 'outbox_pending_events', description: 'Events written to the outbox and not yet published' },
      oldestAge: { name: 'outbox_oldest_pending_age_seconds', description: 'Age of the oldest event not yet published, in seconds (0 when none)' },
    },
    async (observe) => {
      const row = await dataSource
        .getRepository(OutboxEvent)
        .createQueryBuilder('e')
        .select('count(*)::int', 'pending')
        // The database's clock, which wrote created_at.
        .addSelect('coalesce(extract(epoch FROM now() - min(e.created_at)), 0)::float8', 'age')
        .where('e.published_at IS NULL')
        .getRawOne<{ pending: number; age: number }>();
      observe('pending', row?.pending ?? 0);
      observe('oldestAge', row?.age ?? 0);
    },
  );
}
