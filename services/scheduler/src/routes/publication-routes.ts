import { z } from 'zod';
import { confirmPublicationSchema, publicationSchema, PublishingMessages } from '@planner/contracts';
import { idParams, requireUser, type App, type ServiceContext } from '@planner/service-kit';
import { confirmPublished, listPublications } from '../commands/publications.js';

/**
 * Where a post stands on each platform, with every attempt (the audit), and
 * the user's answer to a publication in doubt: confirm it went out (Retry is
 * the post's own, in Post Review).
 */
export async function publicationRoutes(app: App, { ctx }: { ctx: ServiceContext }): Promise<void> {
  const tags = ['publications'];
  app.get(
    '/publications',
    {
      schema: {
        tags,
        description: "A post's publications per platform and version, with their attempts.",
        querystring: z.object({ post_id: z.string().uuid() }),
        response: { 200: z.object({ publications: z.array(publicationSchema) }) },
      },
    },
    async (request) => ({ publications: await listPublications(ctx, requireUser(request), request.query.post_id) }),
  );
  app.post(
    '/publications/:id/confirm',
    {
      schema: {
        tags,
        description: 'Records a publication in doubt as published: the user found the post on the account.',
        params: idParams(PublishingMessages.publicationNotFound),
        body: confirmPublicationSchema,
        response: { 200: z.object({ publication: publicationSchema }) },
      },
    },
    async (request) => ({ publication: await confirmPublished(ctx, requireUser(request), request.params.id, request.body.link) }),
  );
}
