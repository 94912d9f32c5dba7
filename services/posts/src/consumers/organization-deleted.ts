import { consume } from '@planner/service-kit';
import { afterCommit } from '@planner/service-kit/data';
import { forgetOrganizationMedia } from '../commands/media.js';
import type { PostsContext } from '../context.js';
import { GenerationDraft } from '../entities/generation-draft.entity.js';
import { Post } from '../entities/post.entity.js';

/** A deleted organization's posts go with it, the deleted ones too, its generation drafts, and its media: rows now, the bytes once that has committed. */
export const organizationDeleted = consume<'organizations.organization.deleted', PostsContext>(
  'organizations.organization.deleted',
  async ({ organizationId }, { ctx, manager }) => {
    await manager.delete(Post, { organizationId });
    await manager.delete(GenerationDraft, { organizationId });
    await forgetOrganizationMedia(manager, organizationId);
    afterCommit(manager, async () => {
      await ctx.adapters.storage.removeOrganization(organizationId).catch((error: unknown) => {
        // The rows are gone, so nothing serves these files any more; what is left is only disk or bucket space.
        ctx.logger.error({ err: error, organizationId }, 'could not remove a deleted organization’s media files');
      });
    });
  },
);
