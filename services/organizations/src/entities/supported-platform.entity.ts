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

  /** The admin's optional credentials JSON, as an AES-256-GCM ciphertext (never shown, never stored plain). */
  @Column({ type: 'text', name: 'other_credentials', nullable: true })
  otherCredentials!: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
