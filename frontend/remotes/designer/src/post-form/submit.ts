import { PostMessages, type MediaType, type PlatformPostOptions, type PostView, type PublishResponse, type ScheduleForm } from '@planner/contracts';
import { isApiError } from '@planner/remote-contract';
import { failureText } from '../messages.js';

export type ScheduleMode = 'now' | 'later';

/** The original request's fields a schedule-later form carries (part 2 §7), for Regenerate. */
export type RequestFields = Pick<ScheduleForm, 'business_data' | 'content_type' | 'topic' | 'context' | 'time_of_year' | 'event_details'>;

/** One post of the form as POST /schedule_post/now or /later takes it. */
export interface Submission {
  organizationId: string;
  mode: ScheduleMode;
  /** Display names ('X', 'LinkedIn'). */
  platformNames: readonly string[];
  content: string;
  mediaType: MediaType;
  /** The post being edited. */
  postId?: string;
  /** The generation it comes from (POST /posts/generate's draft_id). */
  draftId?: string;
  /** Later: the picker's YYYY-MM-DDTHH:mm, in the organization's time zone. */
  scheduledTime?: string;
  requestFields?: RequestFields;
  /** TikTok's and YouTube's choices for this post's platforms. */
  platformOptions?: PlatformPostOptions;
  /** Stored media by path (AI images, an edited post's, files an earlier post of the same submit uploaded). */
  mediaUrls: readonly string[];
  files: readonly File[];
}

/**
 * The multipart form (contracts' scheduleFormSchema): organization_id first
 * (the posts service checks access before it stores a byte), then the fields,
 * then the files.
 */
export function submissionForm(submission: Submission): FormData {
  const form = new FormData();
  const field = (name: keyof ScheduleForm, value: string | undefined) => {
    if (value !== undefined) form.append(name, value);
  };
  field('organization_id', submission.organizationId);
  field('platforms', submission.platformNames.join(','));
  field('content', submission.content);
  field('media_type', submission.mediaType);
  field('post_id', submission.postId);
  field('draft_id', submission.draftId);
  // Only platforms that ask have choices; a post without them sends none (the service keeps none for its other platforms).
  const options = submission.platformOptions;
  if (options && Object.keys(options).length > 0) field('platform_options', JSON.stringify(options));
  if (submission.mode === 'later') {
    field('scheduled_time', submission.scheduledTime);
    for (const [name, value] of Object.entries(submission.requestFields ?? {}) as [keyof RequestFields, string | undefined][]) field(name, value);
  }
  for (const url of submission.mediaUrls) field('media_urls', url);
  for (const file of submission.files) form.append('media', file, file.name);
  return form;
}

/** A publish response as part 2 §3 gives it; anything else is 'an invalid response' (part 2 §8). */
export function isPublishResponse(answer: unknown): answer is PublishResponse {
  const candidate = answer as Partial<PublishResponse> | null;
  return typeof candidate?.message === 'string' && Array.isArray(candidate.posted_links);
}

/** An answer that is no publish response (part 2 §8: 'The server returned an invalid response.'). */
export class InvalidResponseError extends Error {
  constructor(mode: ScheduleMode) {
    super(mode === 'now' ? PostMessages.publishInvalidResponse : PostMessages.scheduleInvalidResponse);
  }
}

/**
 * Part 2 §8's texts for a submit that failed: the server's message as it is
 * (its rules' words, 'Failed to publish: …'), else the fallback of the action
 * (publish, save an edit, schedule); a failure that is no answer at all is
 * 'Error scheduling posts. Please try again.', an answer of the wrong shape
 * 'Failed to publish (schedule) post. The server returned an invalid response.'.
 */
export function submitErrorText(error: unknown, mode: ScheduleMode, editing: boolean): string {
  if (error instanceof InvalidResponseError) return error.message;
  if (!isApiError(error)) return PostMessages.schedulingError;
  const fallback = mode === 'now' ? PostMessages.publishFailed : editing ? PostMessages.updateFailed : PostMessages.unexpectedError;
  return failureText(error, fallback);
}

/** The links a 'Failed to publish:' answer still carries (the platforms it did reach). */
export function linksOfFailure(error: unknown): string[] {
  const links = isApiError(error) ? error.body?.posted_links : undefined;
  return Array.isArray(links) ? links.filter((link): link is string => typeof link === 'string') : [];
}

/** A post as an answer carries it (duck-typed: the bundle keeps no zod). */
export function isPost(value: unknown): value is PostView {
  const candidate = value as Partial<PostView> | null | undefined;
  return typeof candidate?.id === 'string' && typeof candidate.platforms === 'string' && typeof candidate.publications === 'object' && candidate.publications !== null;
}

/**
 * One post's submit: its publish response, or a platform's refusal (a 502
 * 'Failed to publish:' that still carries the post it saved, with the links
 * that went out). A refusal is no reason to stop the submit's next posts
 * (issue 30 §2); any other failure is thrown.
 */
export async function publishOutcome(request: Promise<unknown>, mode: ScheduleMode): Promise<{ answer: PublishResponse; refused: boolean }> {
  let answer: unknown;
  try {
    answer = await request;
  } catch (error) {
    const post = isApiError(error) && error.status === 502 ? error.body?.post : undefined;
    if (!isPost(post)) throw error;
    return { answer: { message: failureText(error, PostMessages.publishFailed), posted_links: linksOfFailure(error), post }, refused: true };
  }
  if (!isPublishResponse(answer)) throw new InvalidResponseError(mode);
  return { answer, refused: false };
}

/** The storage keys of a saved post's media, as media_urls of the next post of the same submit. */
export function savedMediaPaths(answer: PublishResponse): string[] {
  const paths = answer.post?.media_paths ?? '';
  return paths.split(',').map((path) => path.trim()).filter(Boolean);
}
