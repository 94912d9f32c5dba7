import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ConnectionPlatform } from '@planner/contracts';

/** A post a Sandbox connection published: the local feed that stands in for the platform on a machine without its keys. */
@Entity({ name: 'sandbox_posts' })
export class SandboxPost {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The sender's key (the publication and its version): the same send twice is one post, and a recovery can ask by it. */
  @Column({ type: 'varchar', length: 200, unique: true })
  key!: string;

  @Column({ type: 'uuid', name: 'organization_id' })
  organizationId!: string;

  @Column({ type: 'varchar', length: 20 })
  platform!: ConnectionPlatform;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'text', array: true, name: 'media_urls', default: () => "'{}'" })
  mediaUrls!: string[];

  /**
   * How many times it was sent: above 1, a real platform would have shown it
   * twice (the drills and the bench count these as duplicates).
   */
  @Column({ type: 'int', default: 1 })
  deliveries!: number;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
