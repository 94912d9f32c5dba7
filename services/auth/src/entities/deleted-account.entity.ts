import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An e-mail whose account was deleted: it cannot register again until `holdUntil`. */
@Entity({ name: 'deleted_accounts' })
export class DeletedAccount {
  /** SHA-256 of the lower-cased e-mail: the address itself is not kept. */
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'email_hash' })
  emailHash!: string;

  @Column({ type: 'timestamptz', name: 'deleted_at' })
  deletedAt!: Date;

  @Column({ type: 'timestamptz', name: 'hold_until' })
  holdUntil!: Date;
}
