import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { PlanType } from '@planner/contracts';

export type CheckoutStatus = 'open' | 'complete' | 'canceled';

/** A checkout started by a user: Stripe's session (cs_…) or the sandbox's (cs_sandbox_…). */
@Entity({ name: 'checkout_sessions' })
export class CheckoutSession {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id!: string;

  @Column({ type: 'uuid', name: 'user_id' })
  userId!: string;

  @Column({ type: 'varchar', length: 20, name: 'plan_type' })
  planType!: PlanType;

  @Column({ type: 'varchar', length: 10 })
  status!: CheckoutStatus;

  @Column({ type: 'boolean' })
  sandbox!: boolean;

  @Column({ type: 'text', name: 'success_url' })
  successUrl!: string;

  @Column({ type: 'text', name: 'cancel_url' })
  cancelUrl!: string;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'completed_at', nullable: true })
  completedAt!: Date | null;
}
