import { AutoScheduleMessages, PostRequests, type DeletedMedia, type MediaType, type ScheduleUpload } from '@planner/contracts';
import { ask, badRequest, type ServiceContext } from '@planner/service-kit';
import { uploadBytes } from '../domain/uploads.js';

/** How long the posts service may take to store one file (it streams up to a video's size to storage). */
const STORE_TIMEOUT_MS = 60_000;

/** Each upload's bytes, in order; 400 naming the first whose data is not base64. */
export function uploadedFiles(uploads: readonly ScheduleUpload[]): Buffer[] {
  return uploads.map((upload) => {
    const bytes = uploadBytes(upload);
    if (!bytes) throw badRequest(AutoScheduleMessages.uploadNotBase64(upload.name), { field: 'specific_media' });
    return bytes;
  });
}

/**
 * Stores a schedule's uploads in the posts service's media storage, one after
 * another, each handed over as a bus transfer: sniffed and checked there
 * against the schedule's media type as any upload is ('Invalid media type',
 * sizes). Answers their paths; when one is refused, those stored before it
 * are deleted again.
 */
export async function storeUploads(ctx: ServiceContext, organizationId: string, mediaType: MediaType, files: readonly Buffer[], createdBy: string): Promise<string[]> {
  const paths: string[] = [];
  try {
    for (const bytes of files) {
      const transfer = await ctx.bus.putTransfer(bytes);
      try {
        const stored = await ask(ctx, PostRequests.storeMedia, { organization_id: organizationId, transfer, media_type: mediaType, created_by: createdBy }, { timeoutMs: STORE_TIMEOUT_MS });
        paths.push(stored.path);
      } finally {
        await ctx.bus.removeTransfer(transfer).catch((error: unknown) => ctx.logger.warn({ err: error }, 'could not remove a media transfer; it expires within the hour'));
      }
    }
  } catch (error) {
    await deleteMedia(ctx, organizationId, paths);
    throw error;
  }
  return paths;
}

/**
 * Deletes media paths from the posts service's storage (those a post still
 * shows stay there). Called once the schedule no longer names them: when the
 * posts service cannot be reached the files stay behind, which is logged, and
 * the schedule's change stands.
 */
export async function deleteMedia(ctx: ServiceContext, organizationId: string, paths: readonly string[]): Promise<DeletedMedia> {
  if (paths.length === 0) return { deleted: [], in_use: [] };
  try {
    return await ask(ctx, PostRequests.deleteMedia, { organization_id: organizationId, paths: [...paths] });
  } catch (error) {
    ctx.logger.error({ err: error, organizationId, paths }, 'could not delete media a schedule no longer names; the files stay behind');
    return { deleted: [], in_use: [] };
  }
}
