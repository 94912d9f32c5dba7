import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { EventEnvelope } from '@planner/contracts';

/** An event written in the business transaction, waiting for the relay to publish it. */
@Entity({ name: 'outbox' })
export class OutboxEvent {
  /** The event id: JetStream msgID and the consumers' inbox key. */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  /** The whole envelope, as published. */
  @Column({ type: 'jsonb' })
  envelope!: EventEnvelope;

  /** Trace context of the request that caused the event. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  headers!: Record<string, string>;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'published_at', nullable: true })
  publishedAt!: Date | null;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ type: 'text', name: 'last_error', nullable: true })
  lastError!: string | null;
}
