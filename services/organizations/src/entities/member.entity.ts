import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Role } from '@planner/contracts';

/** Read model of an auth user: what organizations needs to apply plan limits and the verified-e-mail rule. */
@Entity({ name: 'members' })
export class Member {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' })
  userId!: string;

  @Column({ type: 'varchar', length: 20 })
  role!: Role;

  @Column({ type: 'boolean', name: 'email_verified' })
  emailVerified!: boolean;

  /** When the last plan change applied here took effect (billing's `changedAt`): an older one is stale. */
  @Column({ type: 'timestamptz', name: 'plan_changed_at', nullable: true })
  planChangedAt!: Date | null;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
