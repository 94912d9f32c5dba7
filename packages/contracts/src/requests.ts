import { z } from 'zod';
import { AuthRequests, userContactRequestSchema, userContactSchema, userExistsRequestSchema, userExistsSchema } from './auth.js';
import {
  CONNECTION_CREDENTIALS_BATCH_SUBJECT,
  CONNECTION_CREDENTIALS_SUBJECT,
  connectionCredentialsBatchRequestSchema,
  connectionCredentialsBatchSchema,
  connectionCredentialsRequestSchema,
  connectionCredentialsSchema,
} from './connections.js';
import {
  inactiveOrganizationListSchema,
  organizationAccessRequestSchema,
  organizationAccessSchema,
  organizationCountSchema,
  organizationFactsRequestSchema,
  organizationFactsSchema,
  OrganizationRequests,
  organizationSchema,
  organizationSetStatusRequestSchema,
  organizationsOfOwnerRequestSchema,
  organizationTemplateRequestSchema,
  templateValuesSchema,
} from './organizations.js';
import {
  deletedMediaSchema,
  deletedPostsSchema,
  deleteMediaRequestSchema,
  organizationScopedRequestSchema,
  postForPublishingRequestSchema,
  postsForPublishingSchema,
  postListSchema,
  PostRequests,
  postStatisticsSchema,
  scheduledPostsRequestSchema,
  storedMediaSchema,
  storeMediaRequestSchema,
} from './posts.js';
import { postCheckRequestSchema, postCheckSchema } from './platform-options.js';
import { autoScheduleListSchema, scheduleCountRequestSchema, scheduleCountSchema, SchedulerRequests } from './scheduler.js';

/** A request that carries nothing. */
const noPayload = z.object({}).strict();

/**
 * Every request/reply subject with the schema of its request and of its reply,
 * as `eventSchemas` is for events: the responder checks the request it takes
 * and the reply it gives, the asker the request it sends and the reply it gets.
 * Fields are snake_case (`organization_id`, `user_id`), as the HTTP API's.
 * The first part of a subject is the service that answers it.
 */
export const requestSchemas = {
  [AuthRequests.userExists]: { request: userExistsRequestSchema, reply: userExistsSchema },
  [AuthRequests.userContact]: { request: userContactRequestSchema, reply: userContactSchema },
  [OrganizationRequests.access]: { request: organizationAccessRequestSchema, reply: organizationAccessSchema },
  [OrganizationRequests.facts]: { request: organizationFactsRequestSchema, reply: organizationFactsSchema },
  [OrganizationRequests.setStatus]: { request: organizationSetStatusRequestSchema, reply: organizationSchema },
  [OrganizationRequests.listInactive]: { request: noPayload, reply: inactiveOrganizationListSchema },
  [OrganizationRequests.listByOwner]: { request: organizationsOfOwnerRequestSchema, reply: z.array(organizationSchema) },
  [OrganizationRequests.count]: { request: noPayload, reply: organizationCountSchema },
  [OrganizationRequests.template]: { request: organizationTemplateRequestSchema, reply: templateValuesSchema },
  [CONNECTION_CREDENTIALS_SUBJECT]: { request: connectionCredentialsRequestSchema, reply: connectionCredentialsSchema },
  [CONNECTION_CREDENTIALS_BATCH_SUBJECT]: { request: connectionCredentialsBatchRequestSchema, reply: connectionCredentialsBatchSchema },
  [PostRequests.listForOrganization]: { request: organizationScopedRequestSchema, reply: postListSchema },
  [PostRequests.statisticsForOrganization]: { request: organizationScopedRequestSchema, reply: postStatisticsSchema },
  [PostRequests.getForPublishing]: { request: postForPublishingRequestSchema, reply: postsForPublishingSchema },
  [PostRequests.storeMedia]: { request: storeMediaRequestSchema, reply: storedMediaSchema },
  [PostRequests.deleteMedia]: { request: deleteMediaRequestSchema, reply: deletedMediaSchema },
  [PostRequests.deleteForSchedule]: { request: scheduledPostsRequestSchema, reply: deletedPostsSchema },
  [SchedulerRequests.listForOrganization]: { request: organizationScopedRequestSchema, reply: autoScheduleListSchema },
  [SchedulerRequests.count]: { request: scheduleCountRequestSchema, reply: scheduleCountSchema },
  [SchedulerRequests.checkPost]: { request: postCheckRequestSchema, reply: postCheckSchema },
} as const satisfies Record<string, { request: z.ZodType; reply: z.ZodType }>;

export type RequestSubject = keyof typeof requestSchemas;
/** What an asker sends (before defaults apply). */
export type RequestOf<S extends RequestSubject> = z.input<(typeof requestSchemas)[S]['request']>;
/** What a responder is handed (after parsing). */
export type ParsedRequestOf<S extends RequestSubject> = z.output<(typeof requestSchemas)[S]['request']>;
export type ReplyOf<S extends RequestSubject> = z.output<(typeof requestSchemas)[S]['reply']>;

/** The service that answers a subject: its first part. */
export function responderOf(subject: RequestSubject): string {
  return subject.split('.')[0]!;
}
