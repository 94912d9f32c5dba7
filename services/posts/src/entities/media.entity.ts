import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { SniffedType } from '../domain/media-types.js';

/**
 * A stored media file (part 2 §3 Media item), keyed by its storage key
 * (`<organization id>/<media id>.<ext>`): what its bytes were found to be,
 * so that a later reference (media_urls) is checked without reading them again.
 */
@Entity({ name: 'media' })
export class Media {
  @PrimaryColumn({ type: 'varchar', length: 120 })
  key!: string;

  @Index('media_organization')
  @Column({ type: 'uuid', name: 'organization_id' })
  organizationId!: string;

  /** Sniffed from the bytes, never taken from the name or the upload's header. */
  @Column({ type: 'varchar', length: 40 })
  mime!: SniffedType['mime'];

  @Column({ type: 'int' })
  size!: number;

  /** Read from the container (MP4, QuickTime); null for images and when it does not say. */
  @Column({ type: 'double precision', name: 'duration_seconds', nullable: true })
  durationSeconds!: number | null;

  /** The picture as shown (after the container's turn), and frames a second; null for images and when the container does not say. */
  @Column({ type: 'int', nullable: true })
  width!: number | null;

  @Column({ type: 'int', nullable: true })
  height!: number | null;

  @Column({ type: 'double precision', name: 'frame_rate', nullable: true })
  frameRate!: number | null;

  @Column({ type: 'varchar', length: 12 })
  source!: 'upload' | 'generated';

  @Column({ type: 'uuid', name: 'created_by', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
