import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ConnectionPlatform, PublicationState } from '@planner/contracts';
import type { PublishHandle } from '../adapters/platforms/index.js';

/**
 * One version of one post on one platform (ARCHITECTURE §5): the record the
 * publish path keeps exactly once. Unique by (post, version, platform); its
 * BullMQ job is keyed by the same and `cycle`, which grows each time it is
 * queued again (rescheduled, retried by the user), so a stale job finds
 * nothing to do.
 */
@Entity({ name: 'publications' })
export class Publication {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid', name: 'post_id' })
  postId!: string;

  @Column({ type: 'uuid', name: 'organization_id' })
  organizationId!: string;

  @Column({ type: 'int' })
  version!: number;

  @Column({ type: 'varchar', length: 20 })
  platform!: ConnectionPlatform;

  @Column({ type: 'varchar', length: 20 })
  state!: PublicationState;

  @Column({ type: 'timestamptz', name: 'due_at' })
  dueAt!: Date;

  /** When the worker should next take it: the due time, then each retry's or rate-limit wait's end. */
  @Column({ type: 'timestamptz', name: 'next_attempt_at' })
  nextAttemptAt!: Date;

  @Column({ type: 'int', default: 0 })
  cycle!: number;

  /** Attempts made (each one in `publication_attempts`); also the fencing token of the one running. */
  @Column({ type: 'int', default: 0 })
  attempts!: number;

  /** Transient failures since it was last queued: the retry budget. */
  @Column({ type: 'int', default: 0 })
  failures!: number;

  /** Until when the worker that holds it (state publishing) is presumed alive. */
  @Column({ type: 'timestamptz', name: 'lease_until', nullable: true })
  leaseUntil!: Date | null;

  /** The adapter's recorded steps; `creating` is set just before the call that creates the post. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  handle!: PublishHandle;

  @Column({ type: 'boolean', default: false })
  sandbox!: boolean;

  @Column({ type: 'text', nullable: true })
  link!: string | null;

  @Column({ type: 'text', name: 'platform_post_id', nullable: true })
  platformPostId!: string | null;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  /** Why it missed its time, when the sweep had to queue it again; kept once published, so the lateness is explained. */
  @Column({ type: 'text', nullable: true })
  missed!: string | null;

  @Column({ type: 'timestamptz', name: 'published_at', nullable: true })
  publishedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
