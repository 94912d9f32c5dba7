import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PlanType, SubscriptionStatus } from '@planner/contracts';
import type { SubscriptionSource } from '../domain/subscription-state.js';

/** A user's subscription (one per user): the plan they pay for and where Stripe's copy of it stands. */
@Entity({ name: 'subscriptions' })
export class Subscription {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid', name: 'user_id', unique: true })
  userId!: string;

  /** stripe: a Stripe subscription; sandbox: the local checkout's; admin: set by an admin, nothing to charge. */
  @Column({ type: 'varchar', length: 10 })
  source!: SubscriptionSource;

  @Column({ type: 'varchar', length: 255, name: 'stripe_customer_id', nullable: true })
  stripeCustomerId!: string | null;

  @Column({ type: 'varchar', length: 255, name: 'stripe_subscription_id', nullable: true })
  stripeSubscriptionId!: string | null;

  @Column({ type: 'varchar', length: 20, name: 'plan_type' })
  planType!: PlanType;

  @Column({ type: 'varchar', length: 20 })
  status!: SubscriptionStatus;

  @Column({ type: 'timestamptz', name: 'current_period_start', nullable: true })
  currentPeriodStart!: Date | null;

  @Column({ type: 'timestamptz', name: 'current_period_end', nullable: true })
  currentPeriodEnd!: Date | null;

  @Column({ type: 'boolean', name: 'cancel_at_period_end', default: false })
  cancelAtPeriodEnd!: boolean;

  /** The monthly price in US cents. */
  @Column({ type: 'int', name: 'amount_cents' })
  amountCents!: number;

  /**
   * When the state held here was true at Stripe: the `created` time of the
   * Stripe event it came from (our own changes: their time). An event older
   * than this is stale and changes nothing.
   */
  @Column({ type: 'timestamptz', name: 'state_at' })
  stateAt!: Date;

  /**
   * The `changedAt` of the last billing.subscription.changed about this user:
   * each next one is later, so consumers can order them even when two changes
   * carry the same Stripe second.
   */
  @Column({ type: 'timestamptz', name: 'announced_at', nullable: true })
  announcedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
