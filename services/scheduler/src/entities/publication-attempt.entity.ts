import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type AttemptOutcome = 'published' | 'retry' | 'waiting' | 'failed' | 'in_doubt' | 'withdrawn' | 'not_published';

/** One try at a publication: written before the platform is called, completed after (the audit users and admins read). */
@Entity({ name: 'publication_attempts' })
export class PublicationAttempt {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid', name: 'publication_id' })
  publicationId!: string;

  @Column({ type: 'int' })
  number!: number;

  /** Which process ran it (host:pid), to read a crash in the audit. */
  @Column({ type: 'varchar', length: 100 })
  worker!: string;

  @Column({ type: 'timestamptz', name: 'started_at' })
  startedAt!: Date;

  @Column({ type: 'timestamptz', name: 'finished_at', nullable: true })
  finishedAt!: Date | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  outcome!: AttemptOutcome | null;

  @Column({ type: 'text', nullable: true })
  detail!: string | null;
}
