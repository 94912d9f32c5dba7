import { Column, CreateDateColumn, Entity, JoinTable, ManyToMany, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { BlogCategory } from './blog-category.entity.js';

/** Part 1 §3: Blog post; `content` is stored sanitized. */
@Entity({ name: 'blog_posts' })
export class BlogPost {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 300 })
  title!: string;

  @Column({ type: 'varchar', length: 300, unique: true })
  slug!: string;

  @Column({ type: 'text' })
  content!: string;

  @Column({ type: 'text', nullable: true })
  excerpt!: string | null;

  @Column({ type: 'varchar', length: 2000, name: 'featured_image', nullable: true })
  featuredImage!: string | null;

  @Column({ type: 'boolean', name: 'is_published', default: false })
  isPublished!: boolean;

  @Column({ type: 'uuid', name: 'author_id', nullable: true })
  authorId!: string | null;

  @ManyToMany(() => BlogCategory, { onDelete: 'CASCADE' })
  @JoinTable({ name: 'blog_post_categories', joinColumn: { name: 'post_id' }, inverseJoinColumn: { name: 'category_id' } })
  categories!: Relation<BlogCategory[]>;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;

  @Column({ type: 'timestamptz', name: 'published_at', nullable: true })
  publishedAt!: Date | null;
}
