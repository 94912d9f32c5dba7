/**
 * Every API path the frontend calls, typed: by method, the path (relative to
 * /api, `:name` for a path parameter) → its response, and its request body and
 * query where it has them. The shell's client (`Host.api.request`) takes only a
 * path of this map, builds parameterized ones from `params` (`apiPath`), and
 * resolves with the response type: calling an unknown path, leaving out a
 * parameter or a body, or using the answer as another type fails `tsc`.
 *
 * Responses and bodies come from @planner/contracts where it has a schema for
 * them, as types only (`z.infer` / `z.input` of the schema): the bundles gain
 * no zod, and nothing is validated at run time that was not before. The
 * others (blog, organizations as the API shows them, newsletter, version) are
 * written out here until contracts has schemas for them.
 */
import type { z } from 'zod';
import type {
  AccountStatistics,
  AutoScheduleView,
  autoScheduleCreateSchema,
  autoScheduleDeletedResponseSchema,
  autoScheduleDeleteSchema,
  autoScheduleResponseSchema,
  autoScheduleUpdateResponseSchema,
  autoScheduleUpdateSchema,
  adminSubscriptionUpdateResponseSchema,
  adminSubscriptionUpdateSchema,
  banRequestSchema,
  CheckoutSessionResponse,
  GenerateResponse,
  GenerationList,
  GlobalStatistics,
  LandingStatistics,
  LogFile,
  LogLines,
  LogSearch,
  MediaType,
  OrganizationLimits,
  OrganizationStatistics,
  Pagination,
  PaymentResult,
  postActionResponseSchema,
  postApproveSchema,
  postRetrySchema,
  confirmPublicationSchema,
  PublicationView,
  postDeletedResponseSchema,
  PostFilter,
  postListResponseSchema,
  queuedCountQuerySchema,
  queuedCountResponseSchema,
  postRejectSchema,
  PostView,
  PublishResponse,
  SubscriptionResponse,
  SystemMessage,
  TimezoneOption,
  changePasswordRequestSchema,
  checkoutSessionRequestSchema,
  deleteAccountRequestSchema,
  generateMediaRequestSchema,
  generateMediaResponseSchema,
  generateRequestSchema,
  googleCallbackSchema,
  loginRequestSchema,
  meResponseSchema,
  optimizeRequestSchema,
  optimizeResponseSchema,
  organizationStatusSchema,
  postRegenerateResponseSchema,
  postUpdateSchema,
  PublicUser,
  registerRequestSchema,
  resendVerificationResponseSchema,
  resetPasswordSchema,
  resetRequestSchema,
  roleChangeSchema,
  sessionResponseSchema,
  successMessageSchema,
  systemMessageCreateSchema,
  systemMessageUpdateSchema,
  TikTokCreatorInfo,
  userIdBodySchema,
  UserSearchField,
  verifyEmailResponseSchema,
  verifyPaymentRequestSchema,
} from '@planner/contracts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** POST /auth/login, /auth/register, /auth/google-callback and /auth/refresh: the tokens and the user. */
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
/** GET /auth/me: the user, and a refreshed access token when the server renewed it. */
export type MeResponse = z.infer<typeof meResponseSchema>;
export type ResendVerificationResponse = z.infer<typeof resendVerificationResponseSchema>;
export type SuccessMessage = z.infer<typeof successMessageSchema>;
/** Not in contracts yet: the auth service's answer to the reset-password links. */
export interface MessageResponse {
  message: string;
}
/** Not in contracts yet: logout and deletions. */
export interface SuccessResponse {
  success: boolean;
}

/** Not in contracts yet: a blog category as the content service shows it. */
export interface BlogCategory {
  id: string;
  name: string;
  slug: string;
  description?: string | null;
}

/** Not in contracts yet: a published blog post as the content service shows it (part 1 §3). */
export interface BlogPost {
  id: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  featured_image: string | null;
  categories: BlogCategory[];
  created_at: string;
  published_at: string | null;
  author: { username: string | null };
}

export interface BlogPostPage {
  posts: BlogPost[];
  pagination: Pagination;
}

/** GET /blog/posts: a page (1-based) of `per_page` posts, newest first, of one category (its slug) or all. */
export type BlogPostsQuery = {
  page?: number;
  per_page?: number;
  category?: string;
};

/** Not in contracts yet: an organization ("account" in the UI) as the organizations service shows it. */
export interface Organization {
  id: string;
  name: string;
  created_at: string;
  is_active: boolean;
  deactivated_at: string | null;
  deactivation_reason: string | null;
  language: string;
  default_before_post_review_time: number;
  /** IANA time zone, UTC by default. */
  timezone: string;
  platforms: Record<string, { is_connected: boolean }>;
}

/** PUT /organizations/:id changes exactly one setting (part 2 §2). */
export type OrganizationUpdate = { name: string } | { language: string } | { default_before_post_review_time: number } | { timezone: string };

/** Not in contracts yet: one platform of an organization's platforms map (keyed by uppercase platform, part 2 §3), never a token. */
export interface PlatformConnection {
  is_connected: boolean;
  url: string | null;
  specific_data: Record<string, unknown>;
  /** The rest only once connected. */
  platform?: string;
  status?: 'connected' | 'expired';
  /** A labelled Sandbox connection publishes into a local feed, not to the platform. */
  sandbox?: boolean;
  label?: string | null;
  expires_at?: string | null;
  /** Whether the token is renewed without the user; false: at `expires_at` it must be connected again (LinkedIn's 60 days). */
  refreshable?: boolean;
  /** 'Facebook Page Required' until a page is saved (part 2 §4). */
  notice?: string | null;
}

/** Not in contracts yet: a template as the organizations service shows it (part 2 §3). */
export interface Template {
  id: string;
  template_name: string;
  is_default: boolean;
  data: string | null;
  content_type: string | null;
  topic: string | null;
  context: string | null;
  time_of_year: string | null;
  event_details: string | null;
  tone: string | null;
  mood: string | null;
  language: string | null;
  character_limit: number | null;
  target_character_count: number | null;
  created_at: string;
  updated_at: string;
}

/** A template's settings as created or changed (only those sent change). */
export type TemplateInput = Partial<Omit<Template, 'id' | 'created_at' | 'updated_at'>>;

/** GET /organizations/:id/config (part 2 §7): the organization with its platforms map, its templates, the supported platforms uppercased. */
export interface OrganizationConfig {
  organization: Omit<Organization, 'platforms'> & { platforms: Record<string, PlatformConnection> };
  templates: Template[];
  supportedPlatforms: string[];
}

/** GET /organizations/:id/calendar-data (part 2 §7): the organization's posts and auto-schedules, and its time zone (the calendar's days). */
export interface CalendarData {
  timezone: string;
  posts: PostView[];
  autoSchedules: AutoScheduleView[];
}

/** POST /posts/:id/update, approve, reject, retry: the post as it now stands and what happened. */
export type PostActionResponse = z.infer<typeof postActionResponseSchema>;

/** GET /organizations/:id/designer-data (part 2 §7): the organization with its platforms map, its connected active platforms (id and name), its templates. */
export interface DesignerData {
  organization: OrganizationConfig['organization'];
  activePlatforms: { id: string; name: string }[];
  templates: Template[];
}

/** GET /platforms/media_types: every media type, and those each active platform takes, keyed by its upper-cased name. */
export interface PlatformMediaTypes {
  media_types: MediaType[];
  platforms: Record<string, MediaType[]>;
}

/** A Facebook or LinkedIn page the connected account may post as. */
export interface PlatformPage {
  id: string;
  name: string;
}

/** Not in contracts yet: a newsletter as the content service shows it to admins (part 1 §3): a draft until sent. */
export interface Newsletter {
  id: string;
  subject: string;
  /** HTML, sanitized by the server. */
  content: string;
  status: 'draft' | 'sent';
  sent_at: string | null;
  /** When every delivery of a send was written; null while it is being sent. */
  finished_at: string | null;
  created_at: string;
  recipients_count: number;
}

/** Not in contracts yet: a subscriber (part 1 §3); `status` says why one is inactive (awaiting confirmation, unsubscribed). */
export interface NewsletterSubscriber {
  id: string;
  email: string;
  is_active: boolean;
  status: 'active' | 'pending' | 'unsubscribed';
  created_at: string;
}

/** GET /newsletter/stats (part 1 §3): the rates are fractions (0.123 is 12.3 %). */
export interface NewsletterStats {
  total_subscribers: number;
  active_subscribers: number;
  /** Signups awaiting their confirmation: not in the total, but in the admin's subscriber list. */
  pending_subscribers: number;
  newsletters_sent: number;
  open_rate: number;
  click_rate: number;
}

export type NewsletterInput = { subject: string; content: string };
/** GET /posts: a page of an organization's posts of one status filter (part 2 §4), with the empty-list message. */
export type PostList = z.infer<typeof postListResponseSchema>;
export type PostListQuery = { organization_id: string; status?: PostFilter; page?: number; per_page?: number };

/** GET /organizations/:id/autopost-data (part 2 §7): the connected platforms (display names), the schedules, the templates. */
export interface AutopostData {
  activePlatforms: { id: string; name: string }[];
  autoSchedules: AutoScheduleView[];
  templates: Template[];
}
export type AutoScheduleResponse = z.infer<typeof autoScheduleResponseSchema>;
export type AutoScheduleUpdateResponse = z.infer<typeof autoScheduleUpdateResponseSchema>;
export type AutoScheduleCreateBody = z.input<typeof autoScheduleCreateSchema>;
export type AutoScheduleUpdateBody = z.input<typeof autoScheduleUpdateSchema>;

/** The auth service's admin answers wrap their data (part 1 §7: data.users, data.user, data.organizations). */
export interface AdminAnswer<Data> {
  success: boolean;
  data: Data;
}

/** GET /auth/users: a page of users whose username or e-mail (or both, the default) holds `search`. */
export type UserListQuery = {
  search?: string;
  search_by?: UserSearchField;
  page?: number;
  per_page?: number;
};

/** Not in contracts yet: a supported platform as the admin sees it (part 2 §3); other_credentials' values are masked. */
export interface SupportedPlatform {
  id: string;
  name: string;
  /** Comma-separated, e.g. "text,image". */
  media_types: string;
  default_daily_limit: number;
  is_active: boolean;
  other_credentials: Record<string, string> | null;
  created_at: string;
}

/** A supported platform as created or changed (only the fields sent change). */
export interface SupportedPlatformInput {
  name?: string;
  media_types?: string;
  default_daily_limit?: number;
  is_active?: boolean;
  other_credentials?: Record<string, unknown> | null;
}

/** Not in contracts yet: a blog post as the admin's list shows it, drafts included. */
export interface AdminBlogPost extends BlogPost {
  is_published: boolean;
  updated_at: string;
}

/** A blog post as the admin writes it (part 1 §3: categories as ids). */
export interface BlogPostInput {
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  featured_image: string | null;
  is_published: boolean;
  categories: string[];
}

/** One endpoint: what it answers, and the body and query it takes (`never`: none). */
interface Endpoint<Response, Body = never, Query extends QueryValues = never> {
  response: Response;
  body: Body;
  query: Query;
}

/** The map itself: add a path here before calling it. */
export interface ApiEndpoints {
  GET: {
    '/auth/me': Endpoint<MeResponse>;
    '/auth/verify-email/:token': Endpoint<z.infer<typeof verifyEmailResponseSchema>>;
    '/auth/users': Endpoint<AdminAnswer<{ users: PublicUser[]; pagination: Pagination }>, never, UserListQuery>;
    '/auth/users/:id': Endpoint<AdminAnswer<{ user: PublicUser; subscription: PublicUser['subscription'] }>>;
    '/auth/users/:id/organizations': Endpoint<AdminAnswer<{ organizations: Organization[] }>>;
    '/blog/admin/posts': Endpoint<{ posts: AdminBlogPost[]; pagination: Pagination }, never, { page?: number; size?: number; published?: boolean }>;
    '/blog/categories': Endpoint<{ categories: BlogCategory[] }>;
    '/blog/posts': Endpoint<BlogPostPage, never, BlogPostsQuery>;
    '/blog/posts/:slug': Endpoint<{ post: BlogPost }>;
    '/logs/': Endpoint<LogFile[]>;
    '/logs/:name/lines': Endpoint<LogLines, never, { from?: number; count?: number }>;
    '/logs/:name/search': Endpoint<LogSearch, never, { q: string; from?: number }>;
    '/newsletter/stats': Endpoint<NewsletterStats>;
    '/newsletter/admin/newsletters': Endpoint<{ newsletters: Newsletter[]; pagination: Pagination }, never, { page?: number; per_page?: number; sent?: boolean }>;
    '/newsletter/admin/subscribers': Endpoint<{ subscribers: NewsletterSubscriber[]; pagination: Pagination }, never, { page?: number; per_page?: number; active?: boolean }>;
    '/organizations': Endpoint<Organization[]>;
    '/organizations/limits': Endpoint<OrganizationLimits>;
    '/organizations/:id/config': Endpoint<OrganizationConfig>;
    '/organizations/:id': Endpoint<Organization>;
    '/organizations/:id/autopost-data': Endpoint<AutopostData>;
    '/posts': Endpoint<PostList, never, PostListQuery>;
    '/posts/:id': Endpoint<PostView>;
    '/posts/queued-count': Endpoint<z.infer<typeof queuedCountResponseSchema>, never, z.input<typeof queuedCountQuerySchema>>;
    '/posts/generations': Endpoint<GenerationList, never, { organization_id: string; page?: number; per_page?: number }>;
    '/organizations/:id/calendar-data': Endpoint<CalendarData>;
    '/organizations/:id/designer-data': Endpoint<DesignerData>;
    '/platforms/media_types': Endpoint<PlatformMediaTypes>;
    /** What TikTok lets the connected creator choose for the next post (TIKTOK_CREATOR_INFO_PATH). */
    '/publications/tiktok-creator-info': Endpoint<TikTokCreatorInfo, never, { organization_id: string }>;
    /** A post's publications per platform and version, newest version first, with their attempts. */
    '/publications': Endpoint<{ publications: PublicationView[] }, never, { post_id: string }>;
    /** A stored media file (an upload, an AI image), as a Blob: it needs the login an <img> would not send. */
    '/media/:organizationId/:file': Endpoint<Blob>;
    '/oauth/facebook/pages': Endpoint<{ pages: PlatformPage[]; message?: string }, never, { organization_id: string }>;
    '/oauth/linkedin/pages': Endpoint<{ pages: PlatformPage[]; message?: string }, never, { organization_id: string }>;
    '/organizations/timezones': Endpoint<TimezoneOption[]>;
    '/payments/subscriptions': Endpoint<SubscriptionResponse>;
    '/platforms': Endpoint<SupportedPlatform[]>;
    '/statistics': Endpoint<LandingStatistics>;
    '/statistics/admin': Endpoint<GlobalStatistics>;
    /** Over every organization the caller owns (part 1 §7): the home dashboard's figures. */
    '/statistics/user/accounts': Endpoint<AccountStatistics>;
    '/organizations/:id/statistics': Endpoint<{ statistics: OrganizationStatistics }>;
    '/system-messages/': Endpoint<{ messages: SystemMessage[] }>;
    '/system-messages/all': Endpoint<{ messages: SystemMessage[] }>;
    '/version': Endpoint<{ version: string }>;
  };
  POST: {
    '/auth/admin/ban-user': Endpoint<AdminAnswer<{ user: PublicUser }>, z.input<typeof banRequestSchema>>;
    '/auth/admin/organization-status': Endpoint<AdminAnswer<Organization>, z.input<typeof organizationStatusSchema>>;
    '/auth/admin/unban-user': Endpoint<AdminAnswer<{ user: PublicUser }>, z.input<typeof userIdBodySchema>>;
    '/auth/users/:id/role/reset': Endpoint<AdminAnswer<{ user: PublicUser }>>;
    '/blog/admin/categories': Endpoint<{ category: BlogCategory }, { name: string; slug: string; description: string | null }>;
    '/blog/admin/posts': Endpoint<{ post: AdminBlogPost }, BlogPostInput>;
    '/platforms': Endpoint<SupportedPlatform, SupportedPlatformInput & { name: string }>;
    '/subscriptions/admin/update': Endpoint<z.infer<typeof adminSubscriptionUpdateResponseSchema>, z.input<typeof adminSubscriptionUpdateSchema>>;
    '/system-messages/': Endpoint<{ system_message: SystemMessage }, z.input<typeof systemMessageCreateSchema>>;
    '/auth/change-password': Endpoint<SuccessMessage, z.input<typeof changePasswordRequestSchema>>;
    '/auth/google-callback': Endpoint<SessionResponse, z.input<typeof googleCallbackSchema>>;
    '/auth/login': Endpoint<SessionResponse, z.input<typeof loginRequestSchema>>;
    '/auth/logout': Endpoint<SuccessResponse>;
    '/auth/refresh': Endpoint<SessionResponse>;
    '/auth/register': Endpoint<SessionResponse, z.input<typeof registerRequestSchema>>;
    '/auth/resend-verification': Endpoint<ResendVerificationResponse>;
    '/auth/reset-password': Endpoint<MessageResponse, z.input<typeof resetRequestSchema>>;
    '/auth/reset-password/:token': Endpoint<MessageResponse, z.input<typeof resetPasswordSchema>>;
    '/newsletter/subscribe': Endpoint<SuccessMessage, { email: string }>;
    '/newsletter/unsubscribe': Endpoint<SuccessMessage, { email: string }>;
    '/newsletter/admin/newsletters': Endpoint<{ newsletter: Newsletter }, NewsletterInput>;
    '/newsletter/admin/newsletters/:id/send': Endpoint<SuccessMessage & { newsletter: Newsletter }>;
    '/organizations': Endpoint<Organization, { name: string }>;
    '/payments/cancel-subscription': Endpoint<PaymentResult>;
    '/payments/create-checkout-session': Endpoint<CheckoutSessionResponse, z.input<typeof checkoutSessionRequestSchema>>;
    '/payments/verify-payment': Endpoint<PaymentResult, z.input<typeof verifyPaymentRequestSchema>>;
    '/statistics/refresh': Endpoint<{ statistics: GlobalStatistics }>;
    '/organizations/:id/statistics/refresh': Endpoint<{ statistics: OrganizationStatistics }>;
    '/organizations/:id/templates': Endpoint<Template, TemplateInput & { template_name: string }>;
    '/organizations/:id/templates/:tid/set-default': Endpoint<Template>;
    '/oauth/:platform/authorize': Endpoint<{ redirect_url: string }, { organization_id: string }>;
    '/oauth/:platform/sandbox': Endpoint<PlatformConnection, { organization_id: string }>;
    '/oauth/:platform/disconnect': Endpoint<SuccessMessage, { organization_id: string }>;
    '/oauth/:platform/refresh': Endpoint<{ success: boolean; connection: PlatformConnection }, { organization_id: string }>;
    '/oauth/facebook/page': Endpoint<{ message: string; connection: PlatformConnection }, { organization_id: string; page_id: string }>;
    '/oauth/telegram/connect_channel': Endpoint<{ status: string; message: string }, { organization_id: string; channel_identifier: string }>;
    '/oauth/linkedin/page': Endpoint<{ message: string; connection: PlatformConnection }, { organization_id: string; page_id: string | null }>;
    '/posts/:id/approve': Endpoint<PostActionResponse, z.input<typeof postApproveSchema>>;
    '/posts/:id/reject': Endpoint<PostActionResponse, z.input<typeof postRejectSchema>>;
    '/posts/:id/clear': Endpoint<PostActionResponse>;
    '/posts/:id/retry': Endpoint<PostActionResponse, z.input<typeof postRetrySchema>>;
    /** A publication in doubt that the user found on the account: recorded as published, with its link if they give one. */
    '/publications/:id/confirm': Endpoint<{ publication: PublicationView }, z.input<typeof confirmPublicationSchema>>;
    '/auto-schedule': Endpoint<AutoScheduleResponse, AutoScheduleCreateBody>;
    '/posts/:id/update': Endpoint<PostActionResponse, z.input<typeof postUpdateSchema>>;
    '/posts/generate': Endpoint<GenerateResponse, z.input<typeof generateRequestSchema>>;
    '/posts/optimize': Endpoint<z.infer<typeof optimizeResponseSchema>, z.input<typeof optimizeRequestSchema>>;
    '/posts/:id/regenerate': Endpoint<z.infer<typeof postRegenerateResponseSchema>, { regenerate_media?: boolean }>;
    '/generate_media': Endpoint<z.infer<typeof generateMediaResponseSchema>, z.input<typeof generateMediaRequestSchema>>;
    /** The post form's submit: multipart (scheduleForm in @planner/contracts), organization_id first, then the fields, then the files. */
    '/schedule_post/now': Endpoint<PublishResponse, FormData>;
    '/schedule_post/later': Endpoint<PublishResponse, FormData>;
  };
  PUT: {
    '/auth/users/:id/role': Endpoint<AdminAnswer<{ user: PublicUser }>, z.input<typeof roleChangeSchema>>;
    '/blog/admin/posts/:id': Endpoint<{ post: AdminBlogPost }, Partial<BlogPostInput>>;
    '/platforms/:id': Endpoint<SupportedPlatform, SupportedPlatformInput>;
    '/system-messages/:id': Endpoint<{ system_message: SystemMessage }, z.input<typeof systemMessageUpdateSchema>>;
    '/system-messages/:id/toggle': Endpoint<{ system_message: SystemMessage }>;
    '/organizations/:id': Endpoint<Organization, OrganizationUpdate>;
    '/organizations/:id/activate': Endpoint<Organization>;
    '/organizations/:id/deactivate': Endpoint<Organization, { reason?: string } | undefined>;
    '/organizations/:id/templates/:tid': Endpoint<Template, TemplateInput>;
    '/newsletter/admin/newsletters/:id': Endpoint<{ newsletter: Newsletter }, Partial<NewsletterInput>>;
    '/auto-schedule/:id': Endpoint<AutoScheduleUpdateResponse, AutoScheduleUpdateBody>;
  };
  PATCH: {
    '/auto-schedule/:id/active': Endpoint<AutoScheduleResponse, { active: boolean }>;
  };
  DELETE: {
    '/blog/admin/categories/:id': Endpoint<SuccessMessage>;
    '/blog/admin/posts/:id': Endpoint<SuccessMessage>;
    '/platforms/:id': Endpoint<SuccessResponse>;
    '/system-messages/:id': Endpoint<SuccessResponse>;
    '/auth/delete-account': Endpoint<SuccessMessage, z.input<typeof deleteAccountRequestSchema>>;
    '/organizations/:id': Endpoint<SuccessResponse>;
    '/organizations/:id/templates/:tid': Endpoint<SuccessMessage>;
    '/newsletter/admin/newsletters/:id': Endpoint<SuccessMessage>;
    '/newsletter/admin/subscribers/:id': Endpoint<SuccessMessage>;
    '/posts/:id': Endpoint<z.infer<typeof postDeletedResponseSchema>>;
    '/posts/generations/:id': Endpoint<z.infer<typeof postDeletedResponseSchema>>;
    '/auto-schedule/:id': Endpoint<z.infer<typeof autoScheduleDeletedResponseSchema>, z.input<typeof autoScheduleDeleteSchema>>;
  };
}

/** A path of the map for `M` (every method's without `M`). */
export type ApiPath<M extends HttpMethod = HttpMethod> = M extends HttpMethod ? keyof ApiEndpoints[M] & string : never;

type EndpointOf<M extends HttpMethod, P extends ApiPath<M>> = ApiEndpoints[M][P & keyof ApiEndpoints[M]];

/** What `request(M, P)` resolves with. */
export type ApiResponse<M extends HttpMethod, P extends ApiPath<M>> = EndpointOf<M, P> extends { response: infer R } ? R : never;
/** The request body of `M P` (never: it takes none). */
export type ApiBody<M extends HttpMethod, P extends ApiPath<M>> = EndpointOf<M, P> extends { body: infer B } ? B : never;
/** The query of `M P` (never: it takes none). */
export type ApiQuery<M extends HttpMethod, P extends ApiPath<M>> = EndpointOf<M, P> extends { query: infer Q extends QueryValues } ? Q : never;

/** The `:name` parameters of a path pattern. */
export type PathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type PathParams<P extends string> = { [Name in PathParamName<P>]: string };

/** Query values; undefined ones are left out. */
export type QueryValues = Record<string, string | number | boolean | undefined>;

/**
 * The path `pattern` names, its `:name` parameters filled in (URI-encoded) and
 * the query appended (undefined values left out): the typed builder of
 * parameterized paths, which the shell's client applies to `params` and `query`.
 */
export function apiPath<P extends string>(pattern: P, params?: PathParams<P>, query?: QueryValues): string {
  const values = (params ?? {}) as Record<string, string>;
  const path = pattern.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  const search = Object.entries(query ?? {})
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

type IsNever<T> = [T] extends [never] ? true : false;
type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;

/** The options of one request: `params` when the path has parameters, `body` when it takes one, `query` when it has one. */
export type ApiRequestOptions<M extends HttpMethod, P extends ApiPath<M>> = {
  /** Send the access token and refresh it on 401 (default true). */
  auth?: boolean;
  /** Extra headers, e.g. the refresh token as bearer. */
  headers?: Record<string, string>;
  /** A FormData body's bytes sent so far, as the browser uploads them. */
  onUploadProgress?: UploadProgressListener;
} & (IsNever<PathParamName<P>> extends true ? { params?: never } : { params: PathParams<P> }) &
  (IsNever<ApiBody<M, P>> extends true
    ? { body?: never }
    : undefined extends ApiBody<M, P>
      ? { body?: ApiBody<M, P> }
      : { body: ApiBody<M, P> }) &
  (IsNever<ApiQuery<M, P>> extends true ? { query?: never } : { query?: ApiQuery<M, P> });

/**
 * The options argument: optional unless a parameter or a body is required. (A
 * path that is not one of the map leaves `P` the union of them all: the options
 * are then left optional, so that tsc names the path as the error.)
 */
export type ApiRequestArgs<M extends HttpMethod, P extends ApiPath<M>> =
  true extends IsUnion<P>
    ? [options?: AnyApiRequestOptions]
    : // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends T` asks whether every option of T is optional
      {} extends ApiRequestOptions<M, P>
      ? [options?: ApiRequestOptions<M, P>]
      : [options: ApiRequestOptions<M, P>];

/** Called as an upload goes: bytes sent of the whole body. */
export type UploadProgressListener = (progress: { loaded: number; total: number }) => void;

/** The options as the client reads them, whatever the path. */
export interface AnyApiRequestOptions {
  auth?: boolean;
  headers?: Record<string, string>;
  onUploadProgress?: UploadProgressListener;
  params?: Record<string, string>;
  body?: unknown;
  query?: QueryValues;
}

export interface HostApiClient {
  /**
   * Calls `method path` (a path of ApiEndpoints) and resolves with its typed
   * answer (the parsed JSON body, or a Blob for a media file); rejects with an
   * ApiError carrying the spec's text. A FormData body goes as multipart, its
   * upload reported to `onUploadProgress`.
   */
  request<M extends HttpMethod, P extends ApiPath<M>>(method: M, path: P, ...options: ApiRequestArgs<M, P>): Promise<ApiResponse<M, P>>;
}
