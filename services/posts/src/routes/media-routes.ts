import { z } from 'zod';
import { PostMessages } from '@planner/contracts';
import { forbidden, HttpError, notFound, organizationAccess, requireUser, type App } from '@planner/service-kit';
import { openMedia } from '../commands/media.js';
import type { PostsContext } from '../context.js';
import { isMediaKey } from '../domain/media-keys.js';
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
          'A stored media file, with its sniffed Content-Type; supports Range (one span). With login: the organization’s owner or an admin. Without: only with `expires` (unix seconds) and `signature` (HMAC-SHA256 hex over the key and expiry), 403 once expired or altered.',
        params: z.object({ organizationId: z.string(), file: z.string() }),
        querystring: z.object({ expires: z.coerce.number().int().optional(), signature: z.string().max(128).optional() }),
      },
    },
    async (request, reply) => {
      const { organizationId, file } = request.params;
      const key = `${organizationId}/${file}`;
      const { expires, signature } = request.query;
      if (!isMediaKey(key)) throw notFound();
      if (expires !== undefined || signature !== undefined) {
        if (!isValidSignature(key, expires ?? Number.NaN, signature ?? '', ctx.config.MEDIA_SIGNING_KEY, Date.now())) {
          throw forbidden(PostMessages.mediaLinkInvalid);
        }
      } else {
        await organizationAccess(ctx, requireUser(request), organizationId);
      }
      const media = await openMedia(ctx, key, request.headers.range);
      if (media === null) throw notFound();
      void reply.header('accept-ranges', 'bytes').header('x-content-type-options', 'nosniff').header('cache-control', 'private, max-age=300');
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
