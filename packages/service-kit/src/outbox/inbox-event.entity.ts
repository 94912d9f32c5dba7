import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An event a consumer has handled: a redelivery finds its row and does nothing. */
@Entity({ name: 'inbox' })
export class InboxEvent {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  consumer!: string;

  @PrimaryColumn({ type: 'uuid', name: 'event_id' })
  eventId!: string;

  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  @Column({ type: 'timestamptz', name: 'handled_at', default: () => 'now()' })
  handledAt!: Date;
}
