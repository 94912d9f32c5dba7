import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PlanType, Role, SubscriptionStatus } from '@planner/contracts';

/** A user account (part 1 §3). Capability flags grant features beyond the role. */
@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 30 })
  username!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** argon2id; null for accounts that only sign in with Google. */
  @Column({ type: 'varchar', name: 'password_hash', nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'basic' })
  role!: Role;

  /** Google's account id once the user signed in with Google. */
  @Column({ type: 'varchar', length: 255, name: 'google_id', nullable: true })
  googleId!: string | null;

  @Column({ type: 'boolean', name: 'email_verified', default: false })
  emailVerified!: boolean;

  @Column({ type: 'boolean', name: 'newsletter_subscribed', default: false })
  newsletterSubscribed!: boolean;

  @Column({ type: 'boolean', name: 'can_use_generator', default: false })
  canUseGenerator!: boolean;

  @Column({ type: 'boolean', name: 'can_use_calendar', default: false })
  canUseCalendar!: boolean;

  @Column({ type: 'boolean', name: 'can_use_auto_post', default: false })
  canUseAutoPost!: boolean;

  @Column({ type: 'boolean', name: 'can_use_post_review', default: false })
  canUsePostReview!: boolean;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;

  @Column({ type: 'timestamptz', name: 'last_login', nullable: true })
  lastLogin!: Date | null;

  @Column({ type: 'boolean', name: 'is_banned', default: false })
  isBanned!: boolean;

  @Column({ type: 'text', name: 'ban_reason', nullable: true })
  banReason!: string | null;

  @Column({ type: 'timestamptz', name: 'banned_at', nullable: true })
  bannedAt!: Date | null;

  /** Read model of the billing service's subscription (billing.subscription.changed). */
  @Column({ type: 'varchar', length: 20, name: 'plan_type', nullable: true })
  planType!: PlanType | null;

  @Column({ type: 'varchar', length: 20, name: 'subscription_status', nullable: true })
  subscriptionStatus!: SubscriptionStatus | null;

  /** When the plan change last applied was made: an older one arriving late is skipped. */
  @Column({ type: 'timestamptz', name: 'plan_changed_at', nullable: true })
  planChangedAt!: Date | null;

  /** Null with is_banned means a permanent ban. */
  @Column({ type: 'timestamptz', name: 'ban_expires_at', nullable: true })
  banExpiresAt!: Date | null;
}
