import { PostRequests } from '@planner/contracts';
import { badRequest, respond } from '@planner/service-kit';
import { deleteOrganizationMedia, storeMedia } from '../commands/media.js';
import type { PostsContext } from '../context.js';

/** The scheduler's auto-schedule media: stored here as uploads are, and deleted here when a schedule no longer keeps them. */
export const mediaRequests = [
  respond<typeof PostRequests.storeMedia, PostsContext>(PostRequests.storeMedia, async ({ organization_id, transfer, media_type, created_by }, ctx) => {
    const bytes = await ctx.bus.openTransfer(transfer);
    // The sender removes a transfer only once answered: none means a broken request, not a user's mistake.
    if (!bytes) throw badRequest(`No transfer named ${transfer}.`);
    const stored = await storeMedia(ctx, organization_id, bytes, { source: 'upload', mediaType: media_type, createdBy: created_by });
    return { path: stored.key, mime: stored.mime, size: stored.size };
  }),
  respond<typeof PostRequests.deleteMedia, PostsContext>(PostRequests.deleteMedia, ({ organization_id, paths }, ctx) =>
    deleteOrganizationMedia(ctx, organization_id, paths),
  ),
];
