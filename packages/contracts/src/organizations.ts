import { z } from 'zod';
import { generatorSettingsShape } from './generator-settings.js';

export const OrganizationMessages = {
  verifyEmailBefore: (action: string) => `Please verify your email address before ${action}`,
  planLimitReached: (n: number) =>
    `You have reached your plan limit of ${n} active accounts. Please deactivate an account or upgrade your plan.`,
  defaultDeactivationReason: 'User initiated deactivation',
  /** Worded by issue 17: why an organization over the limit of the plan a user moved down to was deactivated; `plan` as the user sees it (ROLE_LABELS). */
  planLimitDeactivation: (plan: string) => `Plan limit: downgraded to ${plan}`,
  inactive: 'This account is inactive. Please activate it to configure.',
  verifyEmailBeforePlatforms: 'Please verify your email before configuring platforms',
  templateNameRequired: 'Template name is required',
  templateExists: (name: string) => `Template with name '${name}' already exists`,
  templateLimit: (n: number) => `Maximum template limit of ${n} reached`,
  cannotDeleteDefaultTemplate: 'Cannot delete the default template',
  templateDeleted: 'Template deleted successfully',
  platformNameRequired: 'Platform name is required',
  platformNameCharacters: 'Platform name must contain only letters, numbers, and underscores (no spaces)',
  telegramIdentifierRequired: 'Please enter your Telegram channel identifier.',
  telegramVerificationFailed: 'Verification failed. Please check the identifier and bot permissions.',
  reviewTimePositive: 'Please enter a valid positive number.',
  reviewTimeTooLong: 'Review time cannot exceed 43200 minutes (30 days).',
  noOrganizationSelected: 'No organization selected.',
  /** Not worded by the spec (part 1 §5: the name must not be blank). */
  nameRequired: 'Please enter an account name.',
  /** Not worded by the spec: PUT /organizations/{id} changes one field at a time (part 2 §7). */
  oneFieldAtATime: 'Please change one setting at a time: name, language, default_before_post_review_time or timezone.',
  /** Not worded by the spec: a time zone that is not an IANA name this server knows. */
  unknownTimezone: 'Please choose one of the offered time zones.',
  /** Not worded by the spec: a composite page whose posts or schedules did not come in time (part 2 §7). */
  partUnavailable: (parts: readonly string[]) =>
    `Part of this page could not be loaded (${parts.join(', ')}). Please try again in a moment.`,
  /** Not worded by the spec. */
  unknownLanguage: 'Please choose one of the offered languages.',
  /** Not worded by the spec: the option lists of part 2 §3. */
  unknownOption: (field: string) => `Please choose one of the offered values for ${field}.`,
  /** Not worded by the spec (part 2 §5: character limit and target 1 to 5000). */
  characterRange: (field: string) => `${field} must be a whole number from 1 to 5000.`,
  /** Not worded by the spec (part 2 §3: media types are among text, image, video, carousel, short, story). */
  unknownMediaType: 'Media types must be among text, image, video, carousel, short and story.',
  /** Not worded by the spec. */
  platformExists: (name: string) => `Platform with name '${name}' already exists`,
  /** Not worded by the spec. */
  platformNotSupported: (name: string) => `Platform '${name}' is not supported.`,
  /** Not worded by the spec (part 2 §3: default daily limit is a positive count, default 10). */
  dailyLimitInvalid: 'Default daily limit must be a whole number of at least 1.',
} as const;

/**
 * Part 2 §2: the 9 common time zones the settings offer first, as IANA names
 * with the spec's labels. An organization's time zone defaults to UTC.
 */
export const COMMON_TIMEZONES = [
  { value: 'UTC', label: 'UTC' },
  { value: 'America/New_York', label: 'New York' },
  { value: 'America/Los_Angeles', label: 'Los Angeles' },
  { value: 'America/Chicago', label: 'Chicago' },
  { value: 'Europe/London', label: 'London' },
  { value: 'Europe/Paris', label: 'Paris' },
  { value: 'Asia/Tokyo', label: 'Tokyo' },
  { value: 'Asia/Shanghai', label: 'Shanghai' },
  { value: 'Australia/Sydney', label: 'Sydney' },
] as const;
export const DEFAULT_TIMEZONE = 'UTC';

/** One offered time zone (`GET /organizations/timezones`): the IANA name, a label, and whether it is one of the common ones. */
export const timezoneOptionSchema = z.object({ value: z.string(), label: z.string(), common: z.boolean() });
export type TimezoneOption = z.infer<typeof timezoneOptionSchema>;

/** Part 2 §5: a platform's name is letters, digits and underscores, no spaces ('Platform name must contain only …'). */
export const PLATFORM_NAME_PATTERN = /^[A-Za-z0-9_]+$/;

/** Part 2 §3: the media types a platform can carry. */
export const MEDIA_TYPES = ['text', 'image', 'video', 'carousel', 'short', 'story'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Part 2 §3 option lists, used by templates (and the generator). */
export const TONES = ['professional', 'casual', 'friendly', 'formal', 'informative', 'enthusiastic', 'authoritative', 'humorous', 'empathetic', 'inspirational'] as const;
export const MOODS = ['positive', 'neutral', 'energetic', 'confident', 'relaxed', 'thoughtful', 'excited', 'optimistic', 'serious', 'playful'] as const;
export const CONTENT_TYPES = ['general', 'promotion', 'promotional', 'engagement', 'educational', 'inspirational', 'entertainment', 'event', 'news'] as const;
export const DEFAULT_CONTENT_TYPE = 'general';

/** Who changed an organization's status: its owner, or an admin (part 1 §4). */
const STATUS_ACTORS = ['owner', 'admin'] as const;
export const statusActorSchema = z.enum(STATUS_ACTORS);
/** Who deactivated an organization: its owner, an admin, or the plan the owner moved down to (issue 17). */
// Written out rather than spread from STATUS_ACTORS: the bundler keeps a spread (and zod with it) even in a call marked pure,
// and a frontend bundle that reads only this module's messages and lists should drop every schema, and zod.
export const deactivationActorSchema = z.enum(['owner', 'admin', 'plan'] as const satisfies readonly [...typeof STATUS_ACTORS, 'plan']);

const organizationRef = { organizationId: z.string().uuid(), ownerId: z.string().uuid() };

/** Events the organizations service publishes (subject → payload), merged into `eventSchemas`. */
export const organizationEventSchemas = {
  'organizations.organization.created': z.object({
    ...organizationRef,
    name: z.string(),
    language: z.string(),
    defaultBeforePostReviewTime: z.number().int(),
    isActive: z.boolean(),
  }),
  /** Only the settings that changed (PUT changes one at a time). */
  'organizations.organization.updated': z.object({
    ...organizationRef,
    changes: z.object({
      name: z.string().optional(),
      language: z.string().optional(),
      defaultBeforePostReviewTime: z.number().int().optional(),
      /** IANA time zone. */
      timezone: z.string().optional(),
    }),
  }),
  'organizations.organization.activated': z.object({ ...organizationRef, by: statusActorSchema }),
  'organizations.organization.deactivated': z.object({ ...organizationRef, by: deactivationActorSchema, reason: z.string().min(1) }),
  /** `user_deleted`: the owner's user account was deleted, and their organizations with it. */
  'organizations.organization.deleted': z.object({ ...organizationRef, reason: z.enum(['owner_request', 'user_deleted']) }),
} as const satisfies Record<string, z.ZodType>;

/**
 * Request/reply subjects other services use (ARCHITECTURE §4). A refusal comes
 * back as the kit's HttpError (404 when the organization does not exist or the
 * user may not act on it, 403 with the inactive message when `require_active`).
 */
export const OrganizationRequests = {
  access: 'organizations.organization.access',
  facts: 'organizations.organization.facts',
  /** auth's admin pages: `{ organization_id, activate, reason }` (a reason required to deactivate), answers the organization. */
  setStatus: 'organizations.organization.set_status',
  /** auth's admin pages: every inactive organization with its owner_id. */
  listInactive: 'organizations.organization.list_inactive',
  /** auth's admin pages and the posts service's account statistics: `{ user_id }`, answers that user's organizations. */
  listByOwner: 'organizations.organization.list_by_owner',
  /** The posts service's global statistics: how many organizations there are (`organizationCountSchema`). */
  count: 'organizations.organization.count',
  /** The posts service's generator: one template's values (`{ organization_id, template_id }`), 404 unless it is that organization's. */
  template: 'organizations.template.get',
} as const;

export const organizationAccessRequestSchema = z.object({
  organization_id: z.string(),
  user_id: z.string(),
  /** Refuse an inactive organization (403, `OrganizationMessages.inactive`), for changes. */
  require_active: z.boolean().optional(),
});
export type OrganizationAccessRequest = z.infer<typeof organizationAccessRequestSchema>;

/** What an allowed caller learns: whether as owner or as admin, and the organization's status. */
export const organizationAccessSchema = z.object({
  organization_id: z.string().uuid(),
  owner_id: z.string().uuid(),
  as: statusActorSchema,
  is_active: z.boolean(),
});
export type OrganizationAccess = z.infer<typeof organizationAccessSchema>;

export const organizationFactsRequestSchema = z.object({ organization_id: z.string() });

export const organizationFactsSchema = z.object({
  organization_id: z.string().uuid(),
  owner_id: z.string().uuid(),
  name: z.string(),
  /** The owner's role, and the plan whose limits apply to it (null: unlimited, admins). */
  owner_role: z.string(),
  plan: z.string().nullable(),
  language: z.string(),
  default_before_post_review_time: z.number().int(),
  /** IANA time zone; the day of a quota, the slots of schedules and the calendar's days are its. */
  timezone: z.string().default(DEFAULT_TIMEZONE),
  is_active: z.boolean(),
});
export type OrganizationFacts = z.infer<typeof organizationFactsSchema>;

export const organizationTemplateRequestSchema = z.object({ organization_id: z.string().uuid(), template_id: z.string().uuid() });

/** The answer to `OrganizationRequests.template`: what a template fills in the generator (part 2 §3 Template). */
export const templateValuesSchema = z.object({
  id: z.string().uuid(),
  template_name: z.string(),
  data: z.string(),
  ...generatorSettingsShape,
});
export type TemplateValues = z.infer<typeof templateValuesSchema>;

/** The answer to `OrganizationRequests.count`: every organization, active or not (part 2 §3 Statistics total_organizations). */
export const organizationCountSchema = z.object({ total_organizations: z.number().int().nonnegative() });
export type OrganizationCount = z.infer<typeof organizationCountSchema>;

/**
 * One platform of an organization's `platforms` map, keyed by upper-case platform (part 2 §3): connected or not, and
 * what the API shows of it; `expires_at`, when the platform's token runs out (LinkedIn's 60 days, no refresh), never the token.
 */
export const organizationPlatformSchema = z.looseObject({
  is_connected: z.boolean(),
  url: z.string().nullable(),
  specific_data: z.record(z.string(), z.unknown()),
  expires_at: z.string().nullable().optional(),
});

/** An organization as the API shows it (part 1 §3, part 2 §3), with its platforms map. */
export const organizationSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  created_at: z.string().datetime({ offset: true }),
  is_active: z.boolean(),
  deactivated_at: z.string().datetime({ offset: true }).nullable(),
  deactivation_reason: z.string().nullable(),
  language: z.string(),
  default_before_post_review_time: z.number().int(),
  /** IANA time zone (default UTC): the day of quotas, schedule slots and calendar days. */
  timezone: z.string(),
  platforms: z.record(z.string(), organizationPlatformSchema),
});
export type OrganizationView = z.infer<typeof organizationSchema>;

/** `OrganizationRequests.setStatus`: an admin (de)activates an organization; a reason is required to deactivate. */
export const organizationSetStatusRequestSchema = z.object({ organization_id: z.string(), activate: z.boolean(), reason: z.string().max(500).optional() });

/** `OrganizationRequests.listByOwner`: whose organizations. */
export const organizationsOfOwnerRequestSchema = z.object({ user_id: z.string() });

/** The answer to `OrganizationRequests.listInactive`: each inactive organization with its owner. */
export const inactiveOrganizationListSchema = z.array(/* @__PURE__ */ organizationSchema.extend({ owner_id: z.string().uuid() }));
