import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Read model of auth's users: the name shown as a blog post's author. */
@Entity({ name: 'authors' })
export class Author {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' })
  userId!: string;

  @Column({ type: 'varchar', length: 100 })
  username!: string;
}
