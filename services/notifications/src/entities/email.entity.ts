import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { EmailKind } from '@planner/contracts';
import type { EmailStatus } from '../domain/delivery.js';

/** One mail to one recipient, from the event that asked for it to its outcome. */
@Entity({ name: 'emails' })
export class Email {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 30 })
  kind!: EmailKind;

  @Column({ type: 'text' })
  recipient!: string;

  @Column({ type: 'text' })
  subject!: string;

  /** The parts are erased once the mail is sent or failed: they may hold single-use links. */
  @Column({ type: 'text', nullable: true })
  html!: string | null;

  @Column({ type: 'text', nullable: true })
  text!: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  headers!: Record<string, string>;

  /** The event that asked for the mail. */
  @Column({ type: 'uuid', name: 'event_id' })
  eventId!: string;

  /** Content's delivery (newsletter mails): one mail per delivery. */
  @Column({ type: 'uuid', name: 'delivery_id', nullable: true })
  deliveryId!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: EmailStatus;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ type: 'text', name: 'last_error', nullable: true })
  lastError!: string | null;

  /** Refused for good by the server (5xx or bounce): not tried again. */
  @Column({ type: 'boolean', default: false })
  permanent!: boolean;

  @Column({ type: 'varchar', length: 500, name: 'message_id', nullable: true })
  messageId!: string | null;

  /** When the dispatcher last handed it to the queue. */
  @Column({ type: 'timestamptz', name: 'enqueued_at', nullable: true })
  enqueuedAt!: Date | null;

  /** When a sender last claimed it. */
  @Column({ type: 'timestamptz', name: 'claimed_at', nullable: true })
  claimedAt!: Date | null;

  @Column({ type: 'timestamptz', name: 'sent_at', nullable: true })
  sentAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
