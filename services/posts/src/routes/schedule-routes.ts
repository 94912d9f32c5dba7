import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MAX_MEDIA_BYTES,
  MEDIA_TYPES,
  PostMessages,
  publishFailureSchema,
  publishResponseSchema,
  scheduleFormSchema,
  type MediaType,
  type OrganizationAccess,
  type ScheduleForm,
} from '@planner/contracts';
import { badRequest, forbidden, HttpError, organizationAccess, readMultipartForm, refuseUnstorableText, requireUser, type App } from '@planner/service-kit';
import { discardMedia, storeMedia, type StoredMedia } from '../commands/media.js';
import { awaitOutcome } from '../commands/publication.js';
import { schedulePost, type ScheduleMode } from '../commands/schedule.js';
import type { PostsContext } from '../context.js';
import { platformNames, publishAnswer } from '../domain/publish-answer.js';
import { toPostView } from '../domain/post-view.js';

/** Fields of a post form: what part 2 §7 lists, each sent once (media_urls may repeat). */
const LIMITS = { fields: 40, fieldSize: 128 * 1024, files: 20, parts: 80, fileSize: MAX_MEDIA_BYTES + 1 };

const FORM_ORDER = 'The form (multipart/form-data) sends organization_id first: a file before it is refused';

/** The form as the API document shows it: its fields, then the media files. */
const documentedForm = scheduleFormSchema.extend({
  media: z.array(z.file()).max(LIMITS.files).optional().describe('The media files, after the fields, under any field name; each type is sniffed from its bytes.'),
});

/** The form's fields as the schema reads them: the first of each, media_urls all of them split at commas. */
function formOf(fields: Map<string, string[]>): ScheduleForm {
  const values = Object.fromEntries([...fields].map(([name, list]) => [name, list[0]]));
  const mediaUrls = (fields.get('media_urls') ?? []).flatMap((value) => value.split(',')).map((url) => url.trim()).filter(Boolean);
  const form = { ...values, media_urls: mediaUrls };
  // Read here, not by Fastify: the kit's rule for a request's text applies to the fields as read.
  refuseUnstorableText(form);
  const parsed = scheduleFormSchema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(`${issue.path.join('.') || 'form'}: ${issue.message}`, { field: issue.path.join('.') });
  }
  return parsed.data;
}

/**
 * Reads the multipart form as it streams: fields as they come; each file
 * stored as it arrives (never whole in memory) once organization_id has come
 * and the caller's access to it is checked; size limits of the media type when
 * it came before the file. A body cut short or malformed is a 400
 * (readMultipartForm). Files of a form that fails are removed.
 */
async function readForm(
  ctx: PostsContext,
  request: FastifyRequest,
  uploaded: StoredMedia[],
): Promise<ScheduleForm> {
  const caller = requireUser(request);
  const fields = new Map<string, string[]>();
  const access = await readMultipartForm(request, request.parts({ limits: LIMITS }), { overLimits: PostMessages.tooManyParts }, async (parts) => {
    let access: OrganizationAccess | null = null;
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!access) throw badRequest(PostMessages.organizationIdBeforeFiles);
        const mediaType = fields.get('media_type')?.[0];
        const known = MEDIA_TYPES.includes(mediaType as MediaType) ? (mediaType as MediaType) : null;
        uploaded.push(await storeMedia(ctx, access.organization_id, part.file, { source: 'upload', mediaType: known, createdBy: caller.userId }));
        continue;
      }
      if (part.valueTruncated) throw badRequest(`${part.fieldname}: ${PostMessages.tooManyParts}`, { field: part.fieldname });
      const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), value]);
      if (part.fieldname === 'organization_id' && !access) {
        if (!scheduleFormSchema.shape.organization_id.safeParse(value).success) throw badRequest(PostMessages.organizationIdMissing, { field: 'organization_id' });
        access = await organizationAccess(ctx, caller, value, { requireActive: true });
      }
    }
    return access;
  });
  if (!access) throw badRequest(PostMessages.organizationIdMissing, { field: 'organization_id' });
  return { ...formOf(fields), organization_id: access.organization_id };
}

/**
 * POST /schedule_post/now and /later (part 2 §7, §8): the post form's submit.
 * Saves the post (approved) and asks the scheduler to publish it; now waits,
 * bounded, for the outcome.
 */
export async function scheduleRoutes(app: App, { ctx }: { ctx: PostsContext }): Promise<void> {
  await app.register(multipart, { limits: LIMITS });
  const tags = ['posts'];

  const submit = (mode: ScheduleMode) => async (request: FastifyRequest) => {
    const caller = requireUser(request);
    // Part 2 §6: schedule-for-later is hidden for test and disabled for basic.
    if (mode === 'later' && (caller.role === 'basic' || caller.role === 'test')) throw forbidden(PostMessages.upgradeToSchedule);
    if (!request.isMultipart()) throw new HttpError(415, 'Unsupported content type.');
    const uploaded: StoredMedia[] = [];
    try {
      const form = await readForm(ctx, request, uploaded);
      return await schedulePost(ctx, caller, mode, form, uploaded);
    } catch (error) {
      await discardMedia(ctx, uploaded.map((media) => media.key));
      throw error;
    }
  };

  app.post(
    '/schedule_post/later',
    {
      schema: {
        tags,
        description: `Schedules a post for later (not for basic or test users). ${FORM_ORDER}.`,
        multipartForm: documentedForm,
        response: { 201: publishResponseSchema },
      },
    },
    async (request, reply) => {
      const { post, platforms } = await submit('later')(request);
      return reply.status(201).send({ message: PostMessages.scheduledFor(platformNames(platforms)), posted_links: [], post: toPostView(post) });
    },
  );

  app.post(
    '/schedule_post/now',
    {
      schema: {
        tags,
        description: `Publishes a post now and waits (PUBLISH_NOW_WAIT_MS) for every platform's outcome. ${FORM_ORDER}; scheduled_time is not read. 200: published everywhere; 502: a platform refused it, the message starts 'Failed to publish:' (part 2 §8, shown as is) with the links that did go out; 202: still publishing past the wait, the post shows its result in Post Review.`,
        multipartForm: documentedForm.omit({ scheduled_time: true }),
        response: { 200: publishResponseSchema, 202: publishResponseSchema, 502: publishFailureSchema },
      },
    },
    async (request, reply) => {
      const { post, platforms } = await submit('now')(request);
      const settled = await awaitOutcome(ctx, post.id, platforms, ctx.config.PUBLISH_NOW_WAIT_MS);
      if (!settled) return reply.status(202).send({ message: PostMessages.publishContinues(platformNames(platforms)), posted_links: [], post: toPostView(post) });
      const answer = publishAnswer(settled.publications, platforms);
      const body = { message: answer.message, posted_links: answer.postedLinks, post: toPostView(settled) };
      return answer.published ? reply.status(200).send(body) : reply.status(502).send({ error: 'Bad Gateway', ...body });
    },
  );
}
