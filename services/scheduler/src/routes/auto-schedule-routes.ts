import {
  autoScheduleActiveSchema,
  autoScheduleCreateSchema,
  autoScheduleDeletedResponseSchema,
  autoScheduleDeleteSchema,
  autoScheduleListQuerySchema,
  autoScheduleListSchema,
  AutoScheduleMessages,
  autoScheduleResponseSchema,
  autoScheduleUpdateResponseSchema,
  autoScheduleUpdateSchema,
} from '@planner/contracts';
import { idParams, requireUser, type App, type ServiceContext } from '@planner/service-kit';
import { createSchedule, deleteSchedule, readSchedules, setScheduleActive, updateSchedule } from '../commands/auto-schedules.js';
import { updateMessage } from '../domain/auto-schedule-rules.js';

/**
 * Largest body of a create or update: its uploads come as base64 in the JSON
 * (part 2 §3), ~30 MB of files. Larger media are refused with 413 before
 * anything is stored.
 */
const SCHEDULE_BODY_LIMIT_BYTES = 40 * 1024 * 1024;

const SETTINGS = `Settings (part 2 §3 Auto schedule): name, platforms (comma-separated or a list), specific_media_type, active, either specific_date (ISO 8601 with offset, or YYYY-MM-DDTHH:mm in the organization's time zone) or day_of_week and time_of_day (HH:MM, local), specific_content, specific_media (new uploads: [{name, data (base64)}], at most ~30 MB in all), generate_media (AI-generated media for image, carousel and story schedules without uploads), review_post_before_publishing, specific_before_post_review_time (1..43200 minutes; null: the organization's default), post_approved, business_name, business_data, character_limit, target_character_count, content_type, topic, context, time_of_year, event_details, tone, mood, language.`;

/**
 * The Auto Scheduler (part 2 §2, §5, §7, §8): an organization's schedules
 * listed, created, updated, deleted, paused and activated. Every route needs
 * Auto-Post (part 2 §6: 403 otherwise) and an organization the caller may act
 * on (another's is a 404); changes need it active (403).
 */
export async function autoScheduleRoutes(app: App, { ctx }: { ctx: ServiceContext }): Promise<void> {
  const tags = ['auto-schedules'];

  app.get(
    '/auto-schedule',
    { schema: { tags, description: 'The organization’s schedules, oldest first.', querystring: autoScheduleListQuerySchema, response: { 200: autoScheduleListSchema } } },
    async (request) => readSchedules(ctx, requireUser(request), request.query.organization_id),
  );

  app.post(
    '/auto-schedule',
    {
      bodyLimit: SCHEDULE_BODY_LIMIT_BYTES,
      schema: {
        tags,
        description: `Creates a schedule of organization_id. ${SETTINGS}`,
        body: autoScheduleCreateSchema,
        response: { 201: autoScheduleResponseSchema },
      },
    },
    async (request, reply) => {
      const schedule = await createSchedule(ctx, requireUser(request), request.body);
      return reply.status(201).send({ ...schedule, message: AutoScheduleMessages.added });
    },
  );

  app.put(
    '/auto-schedule/:id',
    {
      bodyLimit: SCHEDULE_BODY_LIMIT_BYTES,
      schema: {
        tags,
        description: `Changes the settings sent; the others stay. media_to_keep: which of its media paths stay (absent: all); the rest are deleted. The answer’s changes say whether its time changed (pending posts are rescheduled) or what its posts are made of (pending posts are updated), and so does its message. ${SETTINGS}`,
        params: idParams(),
        body: autoScheduleUpdateSchema,
        response: { 200: autoScheduleUpdateResponseSchema },
      },
    },
    async (request) => {
      const { schedule, changes } = await updateSchedule(ctx, requireUser(request), request.params.id, request.body);
      return { ...schedule, changes, message: updateMessage(changes) };
    },
  );

  app.delete(
    '/auto-schedule/:id',
    {
      schema: {
        tags,
        description: 'Deletes the schedule; with delete_related_posts its posts that have not gone out too. media_keys: which of its media paths to delete (a post that still shows one keeps it).',
        params: idParams(),
        body: autoScheduleDeleteSchema,
        response: { 200: autoScheduleDeletedResponseSchema },
      },
    },
    async (request) => {
      const media = await deleteSchedule(ctx, requireUser(request), request.params.id, request.body);
      return {
        message: request.body?.delete_related_posts ? AutoScheduleMessages.deletedWithPosts : AutoScheduleMessages.deleted,
        deleted_media: media.deleted,
        media_in_use: media.in_use,
      };
    },
  );

  app.patch(
    '/auto-schedule/:id/active',
    {
      schema: {
        tags,
        description: 'Activates or pauses the schedule: paused, it makes no new posts.',
        params: idParams(),
        body: autoScheduleActiveSchema,
        response: { 200: autoScheduleResponseSchema },
      },
    },
    async (request) => {
      const schedule = await setScheduleActive(ctx, requireUser(request), request.params.id, request.body.active);
      return { ...schedule, message: request.body.active ? AutoScheduleMessages.activated : AutoScheduleMessages.paused };
    },
  );
}
