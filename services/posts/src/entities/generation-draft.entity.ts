import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { GeneratedPost, OriginalRequest } from '@planner/contracts';

/**
 * What one generation wrote and was asked (part 2 §3 Post draft and Original
 * generation request): the post form sends its id back, so the post it saves
 * keeps the request for Regenerate.
 */
@Entity({ name: 'generation_drafts' })
export class GenerationDraft {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid', name: 'organization_id' })
  organizationId!: string;

  @Column({ type: 'uuid', name: 'created_by' })
  createdBy!: string;

  @Column({ type: 'jsonb' })
  request!: OriginalRequest;

  /** Platform display name → its post, in the order requested. */
  @Column({ type: 'jsonb' })
  posts!: Record<string, GeneratedPost>;

  /** Written by the sandbox generator, not a model. */
  @Column({ type: 'boolean' })
  sandbox!: boolean;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
