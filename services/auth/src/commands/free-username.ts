import type { EntityManager } from 'typeorm';
import { firstFreeUsername, usernameFromEmail } from '../domain/usernames.js';
import { User } from '../entities/user.entity.js';

/** A valid username not yet taken, made from an e-mail (accounts created without choosing one). */
export async function freeUsernameFor(manager: EntityManager, email: string): Promise<string> {
  const base = usernameFromEmail(email);
  const similar = await manager
    .getRepository(User)
    .createQueryBuilder('u')
    .select('u.username')
    .where('lower(u.username) LIKE lower(:prefix)', { prefix: `${base.slice(0, 25).replace(/[\\%_]/g, (c) => `\\${c}`)}%` })
    .getMany();
  return firstFreeUsername(base, new Set(similar.map((u) => u.username)));
}
