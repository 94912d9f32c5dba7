import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A slot of an auto-schedule that was dealt with: `opened` (its post was
 * asked of the posts service) or `skipped` (it passed before it could be
 * opened). One row per schedule and slot: a slot opens once.
 */
@Entity({ name: 'schedule_slots' })
export class ScheduleSlot {
  @PrimaryColumn({ type: 'uuid', name: 'auto_schedule_id' })
  autoScheduleId!: string;

  @PrimaryColumn({ type: 'timestamptz', name: 'slot_at' })
  slotAt!: Date;

  @Column({ type: 'varchar', length: 10 })
  state!: 'opened' | 'skipped';

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
