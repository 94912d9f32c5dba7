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

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
