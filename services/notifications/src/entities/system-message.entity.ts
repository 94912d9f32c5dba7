import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { SystemMessage as SystemMessageView } from '@planner/contracts';

/** A banner message admins show to every user (part 1 §3). */
@Entity({ name: 'system_messages' })
export class SystemMessage {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 10, default: 'info' })
  type!: SystemMessageView['type'];

  @Column({ type: 'text' })
  message!: string;

  /** Milliseconds on screen; 0 keeps it until closed. */
  @Column({ type: 'int', default: 5000 })
  duration!: number;

  @Column({ type: 'boolean', name: 'is_active', default: true })
  isActive!: boolean;

  @Column({ type: 'uuid', name: 'created_by', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
