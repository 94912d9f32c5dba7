import { Column, CreateDateColumn, DeleteDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { MediaType, PostStatus } from '@planner/contracts';

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

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;

  /** A deleted post is kept, out of every list, so statistics can count it (deleted_posts). */
  @DeleteDateColumn({ type: 'timestamptz', name: 'deleted_at', nullable: true })
  deletedAt!: Date | null;
}
