/**
 * The data part of the kit: the service's own Postgres schema (TypeORM), the
 * outbox and inbox, BullMQ queues. `@planner/service-kit/data`; a service
 * without a database (the gateway) never loads it.
 */
export * from './database.js';
export * from './after-commit.js';
export * from './queues.js';
export { Outbox, OutboxRelay, outboxChannel } from './outbox/outbox.js';
export { consumeBatchWithInbox, consumeWithInbox, type DeliveredEvent } from './outbox/inbox.js';
export { OutboxEvent } from './outbox/outbox-event.entity.js';
export { observeOutbox } from './outbox/outbox-metrics.js';
export { InboxEvent } from './outbox/inbox-event.entity.js';
export * from './row-drain.js';
