import { consume } from '@planner/service-kit';
import { Post } from '../entities/post.entity.js';

/** A deleted organization's posts go with it, the deleted ones too. */
export const organizationDeleted = consume('organizations.organization.deleted', async ({ organizationId }, { manager }) => {
  await manager.delete(Post, { organizationId });
});
