import { consume } from '@planner/service-kit';
import { Post } from '../entities/post.entity.js';

/**
 * A deleted account: its own organizations' posts go when organizations
 * announces their deletion (organization-deleted.ts). What is left is its id
 * on posts of organizations it did not own (an admin's edits): the posts stay
 * with their organization, the deleted person's id does not.
 */
export const userDeleted = consume('auth.user.deleted', async ({ userId }, { manager }) => {
  await manager.update(Post, { createdBy: userId }, { createdBy: null });
});
