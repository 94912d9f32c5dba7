import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Part 1 §3: Newsletter subscriber; the address is kept lowercased. A signup
 * from the public form stays inactive until its owner confirms (double
 * opt-in): inactive without `unsubscribed_at` is a signup awaiting confirmation.
 */
@Entity({ name: 'newsletter_subscribers' })
export class Subscriber {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 320, unique: true })
  email!: string;

  @Column({ type: 'boolean', name: 'is_active', default: true })
  isActive!: boolean;

  /** The account that subscribed at registration, if any. */
  @Column({ type: 'uuid', name: 'user_id', nullable: true })
  userId!: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'unsubscribed_at', nullable: true })
  unsubscribedAt!: Date | null;

  /** The last confirmation mail asked for. */
  @Column({ type: 'timestamptz', name: 'confirmation_sent_at', nullable: true })
  confirmationSentAt!: Date | null;
}
