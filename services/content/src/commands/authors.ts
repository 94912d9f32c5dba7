import type { EntityManager } from 'typeorm';
import { Author } from '../entities/author.entity.js';

/** An account's name for the blog's bylines (the read model of auth's users). */
export async function recordAuthor(manager: EntityManager, userId: string, username: string): Promise<void> {
  await manager.upsert(Author, { userId, username }, ['userId']);
}
