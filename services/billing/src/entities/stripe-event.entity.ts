import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A Stripe event handled: its id is written in the transaction of its effect, so a second delivery has none. */
@Entity({ name: 'stripe_events' })
export class StripeEvent {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  type!: string;

  /** Stripe's `created` of the event. */
  @Column({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @CreateDateColumn({ type: 'timestamptz', name: 'handled_at' })
  handledAt!: Date;
}
