import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An organization (account, brand) owned by one user (part 2 §3). */
@Entity({ name: 'organizations' })
export class Organization {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid', name: 'owner_id' })
  ownerId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 10, default: 'en-US' })
  language!: string;

  /** Minutes before a scheduled slot that auto-posts are created for review. */
  @Column({ type: 'int', name: 'default_before_post_review_time', default: 60 })
  defaultBeforePostReviewTime!: number;

  /** IANA time zone, as `canonicalTimezone` spells it: the day of quotas, schedule slots and calendar days. */
  @Column({ type: 'varchar', default: 'UTC' })
  timezone!: string;

  @Column({ type: 'boolean', name: 'is_active', default: true })
  isActive!: boolean;

  @Column({ type: 'timestamptz', name: 'deactivated_at', nullable: true })
  deactivatedAt!: Date | null;

  @Column({ type: 'text', name: 'deactivation_reason', nullable: true })
  deactivationReason!: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
