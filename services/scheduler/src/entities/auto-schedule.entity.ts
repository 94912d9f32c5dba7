import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { DayOfWeek, MediaType } from '@planner/contracts';

/**
 * A recurring or one-off auto-post of an organization (part 2 §3 Auto schedule):
 * either `specificDate`, or `dayOfWeek` plus `timeOfDay`. Its post has fixed
 * content (`specificContent`) or is generated from the settings below.
 */
@Entity({ name: 'auto_schedules' })
export class AutoSchedule {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid', name: 'organization_id' })
  organizationId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  /** Platform names. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  platforms!: string[];

  @Column({ type: 'varchar', length: 20, name: 'specific_media_type', default: 'text' })
  specificMediaType!: MediaType;

  /** Paused when false. */
  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @Column({ type: 'timestamptz', name: 'specific_date', nullable: true })
  specificDate!: Date | null;

  @Column({ type: 'varchar', length: 10, name: 'day_of_week', nullable: true })
  dayOfWeek!: DayOfWeek | null;

  /** HH:MM. */
  @Column({ type: 'varchar', length: 5, name: 'time_of_day', nullable: true })
  timeOfDay!: string | null;

  @Column({ type: 'text', name: 'specific_content', nullable: true })
  specificContent!: string | null;

  /** Storage paths of the uploaded media its posts carry. */
  @Column({ type: 'text', array: true, name: 'specific_media', default: () => "'{}'" })
  specificMedia!: string[];

  @Column({ type: 'boolean', name: 'review_post_before_publishing', default: true })
  reviewPostBeforePublishing!: boolean;

  /** Minutes before the slot; null: the organization's default_before_post_review_time. */
  @Column({ type: 'int', name: 'specific_before_post_review_time', nullable: true })
  specificBeforePostReviewTime!: number | null;

  @Column({ type: 'boolean', name: 'post_approved', default: false })
  postApproved!: boolean;

  @Column({ type: 'text', name: 'business_name', nullable: true })
  businessName!: string | null;

  @Column({ type: 'text', name: 'business_data', nullable: true })
  businessData!: string | null;

  @Column({ type: 'int', name: 'character_limit', nullable: true })
  characterLimit!: number | null;

  @Column({ type: 'int', name: 'target_character_count', nullable: true })
  targetCharacterCount!: number | null;

  @Column({ type: 'varchar', length: 30, name: 'content_type', default: 'general' })
  contentType!: string;

  @Column({ type: 'text', nullable: true })
  topic!: string | null;

  @Column({ type: 'text', nullable: true })
  context!: string | null;

  @Column({ type: 'text', name: 'time_of_year', nullable: true })
  timeOfYear!: string | null;

  @Column({ type: 'text', name: 'event_details', nullable: true })
  eventDetails!: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  tone!: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  mood!: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  language!: string | null;

  /** Who created it (null for schedules made before this was kept): its posts are made in their name, else the owner's. */
  @Column({ type: 'uuid', name: 'created_by', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
