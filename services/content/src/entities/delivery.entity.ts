import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Requested from notifications, then sent, or not delivered: failed while sending, or bounced after. */
export type DeliveryStatus = 'requested' | 'sent' | 'failed' | 'bounced';

/**
 * One newsletter to one subscriber, unique per pair: written with its
 * delivery event (whose event id is this row's id) in one transaction, so a
 * resumed send skips it.
 */
@Entity({ name: 'newsletter_deliveries' })
export class Delivery {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'newsletter_id' })
  newsletterId!: string;

  /** Null once the subscriber is deleted; the row stays for the statistics. */
  @Column({ type: 'uuid', name: 'subscriber_id', nullable: true })
  subscriberId!: string | null;

  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ type: 'varchar', length: 20, default: 'requested' })
  status!: DeliveryStatus;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'sent_at', nullable: true })
  sentAt!: Date | null;

  @Column({ type: 'timestamptz', name: 'opened_at', nullable: true })
  openedAt!: Date | null;

  @Column({ type: 'timestamptz', name: 'clicked_at', nullable: true })
  clickedAt!: Date | null;
}
