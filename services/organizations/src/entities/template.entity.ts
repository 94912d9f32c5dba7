import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A generator template of an organization (part 2 §3): prefilled business data and content settings. */
@Entity({ name: 'templates' })
export class Template {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid', name: 'organization_id' })
  organizationId!: string;

  @Column({ type: 'varchar', length: 200, name: 'template_name' })
  templateName!: string;

  @Column({ type: 'boolean', name: 'is_default', default: false })
  isDefault!: boolean;

  /** Main business information. */
  @Column({ type: 'text', default: '' })
  data!: string;

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

  @Column({ type: 'int', name: 'character_limit', nullable: true })
  characterLimit!: number | null;

  @Column({ type: 'int', name: 'target_character_count', nullable: true })
  targetCharacterCount!: number | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
