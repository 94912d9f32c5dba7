import { z } from 'zod';
import { PostMessages } from '@planner/contracts';
import { forbidden, HttpError, notFound, organizationAccess, requireUser, type App } from '@planner/service-kit';
import { openJpegRendition, openMedia } from '../commands/media.js';
import type { PostsContext } from '../context.js';
import { isMediaKey, jpegRenditionSource } from '../domain/media-keys.js';
import { isValidSignature } from '../domain/signed-url.js';

/**
 * GET /media/{organization id}/{file} (`/api/media/...` through the gateway):
 * for a caller with access to the organization, or without login through a
 * signed, unexpired link (what platforms that pull media by URL are given).
 * Nothing else is public.
 */
export async function mediaRoutes(app: App, { ctx }: { ctx: PostsContext }): Promise<void> {
  app.get(
    '/media/:organizationId/:file',
    {
      schema: {
        tags: ['media'],
        description:
          'A stored media file, with its sniffed Content-Type; supports Range (one span). `<file>.jpg` after a stored PNG\'s file name is that image as JPEG, converted as it is fetched (for Instagram, which takes only JPEG). With login: the organization’s owner or an admin. Without: only with `expires` (unix seconds) and `signature` (HMAC-SHA256 hex over the key and expiry), 403 once expired or altered.',
        params: z.object({ organizationId: z.string(), file: z.string() }),
        querystring: z.object({ expires: z.coerce.number().int().optional(), signature: z.string().max(128).optional() }),
      },
    },
    async (request, reply) => {
      const { organizationId, file } = request.params;
      const key = `${organizationId}/${file}`;
      const { expires, signature } = request.query;
      const renditionOf = jpegRenditionSource(key);
      if (!isMediaKey(key) && renditionOf === null) throw notFound();
      if (expires !== undefined || signature !== undefined) {
        if (!isValidSignature(key, expires ?? Number.NaN, signature ?? '', ctx.config.MEDIA_SIGNING_KEY, Date.now())) {
          throw forbidden(PostMessages.mediaLinkInvalid);
        }
      } else {
        await organizationAccess(ctx, requireUser(request), organizationId);
      }
      void reply.header('x-content-type-options', 'nosniff').header('cache-control', 'private, max-age=300');
      if (renditionOf !== null) {
        // Made as it is fetched, whole (no Range): a platform fetches an image once.
        const rendition = await openJpegRendition(ctx, renditionOf);
        if (rendition === null) throw notFound();
        return reply.header('content-type', rendition.mime).header('content-length', rendition.size).send(rendition.body);
      }
      const media = await openMedia(ctx, key, request.headers.range);
      if (media === null) throw notFound();
      void reply.header('accept-ranges', 'bytes');
      if ('unsatisfiable' in media) {
        void reply.header('content-range', `bytes */${media.size}`);
        throw new HttpError(416, 'The requested range is outside the file.');
      }
      void reply.header('content-type', media.mime);
      if (media.span) {
        void reply
          .status(206)
          .header('content-range', `bytes ${media.span.start}-${media.span.end}/${media.size}`)
          .header('content-length', media.span.end - media.span.start + 1);
      } else {
        void reply.header('content-length', media.size);
      }
      return reply.send(media.body);
    },
  );
}
