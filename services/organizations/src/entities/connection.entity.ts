import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ConnectionPlatform, ExpiryWarning } from '@planner/contracts';

export type ConnectionStatus = 'connected' | 'expired';
/** Names shown for a connection (username, page, channel); never a token. */
export type SpecificData = Record<string, string | null>;

/** An organization's connection to one platform (part 2 §3, §4). Token columns hold ciphertext only. */
@Entity({ name: 'connections' })
export class Connection {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid', name: 'organization_id' })
  organizationId!: string;

  @Column({ type: 'varchar', length: 20 })
  platform!: ConnectionPlatform;

  /** expired: the provider refused a refresh; the user must connect again. */
  @Column({ type: 'varchar', length: 20, default: 'connected' })
  status!: ConnectionStatus;

  /** A labelled Sandbox connection (no provider credentials on this server): publishes into a local feed. */
  @Column({ type: 'boolean', default: false })
  sandbox!: boolean;

  @Column({ type: 'text', name: 'access_token', nullable: true })
  accessToken!: string | null;

  @Column({ type: 'text', name: 'refresh_token', nullable: true })
  refreshToken!: string | null;

  /** Facebook: the chosen page's token. */
  @Column({ type: 'text', name: 'page_access_token', nullable: true })
  pageAccessToken!: string | null;

  @Column({ type: 'timestamptz', name: 'expires_at', nullable: true })
  expiresAt!: Date | null;

  /** The last warning the owner was sent before `expires_at` (a token that cannot be refreshed); null after a new expiry. */
  @Column({ type: 'varchar', length: 10, name: 'expiry_warning', nullable: true })
  expiryWarning!: ExpiryWarning | null;

  @Column({ type: 'text', default: '' })
  scopes!: string;

  /** Names for display (username, page or channel name), never tokens. */
  @Column({ type: 'jsonb', name: 'specific_data', default: {} })
  specificData!: SpecificData;

  @Column({ type: 'text', nullable: true })
  url!: string | null;

  @Column({ type: 'uuid', name: 'connected_by' })
  connectedBy!: string;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
