import { consume } from '@planner/service-kit';
import { GenerationDraft } from '../entities/generation-draft.entity.js';
import { Post } from '../entities/post.entity.js';

/** A deleted organization's posts go with it, the deleted ones too, and its generation drafts. */
export const organizationDeleted = consume('organizations.organization.deleted', async ({ organizationId }, { manager }) => {
  await manager.delete(Post, { organizationId });
  await manager.delete(GenerationDraft, { organizationId });
});
