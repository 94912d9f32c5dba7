import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A delivery status notification about one of our mails, as it came back to the mail's return path. */
@Entity({ name: 'email_bounces' })
export class EmailBounce {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid', name: 'email_id' })
  emailId!: string;

  /** RFC 3463 status code, e.g. 5.1.1. */
  @Column({ type: 'varchar', length: 20 })
  status!: string;

  /** 5.x.x: the mail cannot be delivered (it bounced); otherwise a delay, noted only. */
  @Column({ type: 'boolean' })
  permanent!: boolean;

  @Column({ type: 'varchar', length: 20, nullable: true })
  action!: string | null;

  @Column({ type: 'text', nullable: true })
  recipient!: string | null;

  @Column({ type: 'text', nullable: true })
  diagnostic!: string | null;

  @Column({ type: 'timestamptz', name: 'received_at', default: () => 'now()' })
  receivedAt!: Date;
}
