import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A platform the product offers (part 2 §3), managed by admins. */
@Entity({ name: 'supported_platforms' })
export class SupportedPlatform {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Letters, digits and underscores, unique regardless of case. */
  @Column({ type: 'varchar', length: 50 })
  name!: string;

  /** Comma-separated, among text, image, video, carousel, short, story. */
  @Column({ type: 'varchar', length: 100, name: 'media_types' })
  mediaTypes!: string;

  @Column({ type: 'int', name: 'default_daily_limit', default: 10 })
  defaultDailyLimit!: number;

  @Column({ type: 'boolean', name: 'is_active', default: true })
  isActive!: boolean;

  @Column({ type: 'jsonb', name: 'other_credentials', nullable: true })
  otherCredentials!: Record<string, unknown> | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
