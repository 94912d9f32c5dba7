import { Column, CreateDateColumn, DeleteDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { MediaType, OriginalRequest, PlatformOutcome, PlatformPostOptions, PostStatus } from '@planner/contracts';

/** A post of an organization (part 2 §3 Post), through review (§4) to publication. */
@Entity({ name: 'posts' })
export class Post {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid', name: 'organization_id' })
  organizationId!: string;

  @Column({ type: 'varchar', length: 20, default: 'pending_review' })
  status!: PostStatus;

  @Column({ type: 'timestamptz', name: 'scheduled_time', nullable: true })
  scheduledTime!: Date | null;

  /** Platform names, as the post form chose them. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  platforms!: string[];

  @Column({ type: 'varchar', length: 20, name: 'media_type', default: 'text' })
  mediaType!: MediaType;

  @Column({ type: 'text', array: true, name: 'media_paths', default: () => "'{}'" })
  mediaPaths!: string[];

  @Column({ type: 'text', default: '' })
  content!: string;

  /** The approval notes or the rejection reason. */
  @Column({ type: 'text', name: 'review_notes', nullable: true })
  reviewNotes!: string | null;

  @Column({ type: 'uuid', name: 'auto_schedule_id', nullable: true })
  autoScheduleId!: string | null;

  /** The auto-schedule slot it was made for (one post per schedule and slot); it follows the schedule's timing changes. */
  @Column({ type: 'timestamptz', name: 'schedule_slot', nullable: true })
  scheduleSlot!: Date | null;

  /** Grows with each change of what would be published; the scheduler publishes one version once. */
  @Column({ type: 'int', default: 1 })
  version!: number;

  /** Platform id → where the post stands there, once publishing was asked for. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  publications!: Record<string, PlatformOutcome>;

  /** The user's choices for the platforms that ask (TikTok's privacy and toggles, YouTube's visibility); only the post's platforms'. */
  @Column({ type: 'jsonb', name: 'platform_options', default: () => "'{}'" })
  platformOptions!: PlatformPostOptions;

  /** What it was generated from, for Regenerate; null for a post written by hand. */
  @Column({ type: 'jsonb', name: 'original_request', nullable: true })
  originalRequest!: OriginalRequest | null;

  /** Who wrote or last submitted it (for the audit, and to reach them when it fails). */
  @Column({ type: 'uuid', name: 'created_by', nullable: true })
  createdBy!: string | null;

  /** When it became published; kept by a trigger (migration 1764500000300), never written here. */
  @Column({ type: 'timestamptz', name: 'published_at', nullable: true, insert: false, update: false })
  publishedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;

  /** A deleted post is kept, out of every list, so statistics can count it (deleted_posts). */
  @DeleteDateColumn({ type: 'timestamptz', name: 'deleted_at', nullable: true })
  deletedAt!: Date | null;
}
