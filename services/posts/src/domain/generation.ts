import { z } from 'zod';
import {
  CONTENT_TYPES,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LIMITS,
  MOODS,
  OrganizationMessages,
  PLATFORM_DISPLAY_NAMES,
  platformIdOf,
  platformTextLimit,
  PostMessages,
  TONES,
  type ConnectionPlatform,
  type MediaType,
  type OriginalRequest,
  type TemplateValues,
} from '@planner/contracts';
import { codePointLength, platformTextLength } from '@planner/contracts/text-length';

/** What a generation is made from: the fields the generate payload and a post's original request share. */
export interface GenerationInput {
  business_name: string;
  business_data: string;
  content_type: string;
  topic: string;
  context: string;
  time_of_year: string;
  event_details: string;
  platform: string;
  platforms: string[];
  media_type: MediaType;
  tone?: string | undefined;
  mood?: string | undefined;
  language?: string | undefined;
  character_limit?: number | null | undefined;
  target_character_count?: number | null | undefined;
}

/** One platform to write for: its limit (the platform's and the requested one, the lower) and the length to aim at. */
export interface PlatformTarget {
  platform: ConnectionPlatform;
  /** As the answer and the post name it ('X', 'LinkedIn'). */
  name: string;
  limit: number;
  /** Never above the limit; null when the user asked for no length. */
  target: number | null;
}

/** A checked generation request, ready to become a prompt (or a sandbox draft). */
export interface GenerationBrief {
  businessName: string;
  businessData: string;
  contentType: (typeof CONTENT_TYPES)[number];
  topic: string;
  context: string;
  timeOfYear: string;
  /** Only for content type event (part 2 §3: the field is shown only then). */
  eventDetails: string;
  tone: (typeof TONES)[number];
  mood: (typeof MOODS)[number];
  language: (typeof LANGUAGES)[number];
  mediaType: MediaType;
  platforms: PlatformTarget[];
}

export const DEFAULT_TONE = 'casual';
export const DEFAULT_MOOD = 'positive';

const blank = (value: string | null | undefined): boolean => !value?.trim();

/** Part 2 §3: a chosen template fills the fields the request left empty. */
export function withTemplate<T extends GenerationInput>(input: T, template: TemplateValues): T {
  const text = (own: string, theirs: string | null) => (blank(own) ? (theirs ?? '') : own);
  return {
    ...input,
    business_data: text(input.business_data, template.data),
    content_type: text(input.content_type, template.content_type),
    topic: text(input.topic, template.topic),
    context: text(input.context, template.context),
    time_of_year: text(input.time_of_year, template.time_of_year),
    event_details: text(input.event_details, template.event_details),
    tone: input.tone ?? template.tone ?? undefined,
    mood: input.mood ?? template.mood ?? undefined,
    language: input.language ?? template.language ?? undefined,
    character_limit: input.character_limit ?? template.character_limit,
    target_character_count: input.target_character_count ?? template.target_character_count,
  };
}

/** The platforms of a request as ids, in the order asked, each once; the single `platform` when the list is empty. */
function platformsOf(input: GenerationInput): ConnectionPlatform[] | { problem: string } {
  const names = input.platforms.length > 0 ? input.platforms : blank(input.platform) ? [] : [input.platform];
  if (names.length === 0) return { problem: PostMessages.selectPlatform };
  const ids: ConnectionPlatform[] = [];
  for (const name of names) {
    const id = platformIdOf(name);
    if (!id) return { problem: PostMessages.unknownPlatform(name) };
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

function characterCount(value: number | null | undefined, field: string): number | null | { problem: string } {
  if (value === null || value === undefined) return null;
  if (!Number.isInteger(value) || value < LIMITS.minCharacters || value > LIMITS.maxCharacters) return { problem: OrganizationMessages.characterRange(field) };
  return value;
}

const isProblem = (value: unknown): value is { problem: string } => typeof value === 'object' && value !== null && 'problem' in value;

function option<T extends string>(values: readonly T[], value: string | undefined, fallback: T, problem: string): T | { problem: string } {
  if (value === undefined || value === '') return fallback;
  return (values as readonly string[]).includes(value) ? (value as T) : { problem };
}

/**
 * Checks a generation request with the spec's messages (part 2 §5: business
 * name and content type required, character limit and target 1..5000, the
 * target not above the limit, at least one known platform) and works out
 * each platform's limit: the platform's real one or the requested one, the
 * lower. `language` is the organization's, used when the request names none.
 */
export function generationBrief(input: GenerationInput, defaults: { language?: string } = {}): { brief: GenerationBrief } | { problem: string } {
  if (blank(input.business_name)) return { problem: PostMessages.businessNameRequired };
  if (blank(input.content_type)) return { problem: PostMessages.contentTypeRequired };
  const contentType = option(CONTENT_TYPES, input.content_type.trim().toLowerCase(), 'general', OrganizationMessages.unknownOption('content_type'));
  if (isProblem(contentType)) return contentType;
  const tone = option(TONES, input.tone, DEFAULT_TONE, OrganizationMessages.unknownOption('tone'));
  if (isProblem(tone)) return tone;
  const mood = option(MOODS, input.mood, DEFAULT_MOOD, OrganizationMessages.unknownOption('mood'));
  if (isProblem(mood)) return mood;
  const fallbackLanguage = (LANGUAGES as readonly string[]).includes(defaults.language ?? '') ? (defaults.language as (typeof LANGUAGES)[number]) : DEFAULT_LANGUAGE;
  const language = option(LANGUAGES, input.language, fallbackLanguage, OrganizationMessages.unknownLanguage);
  if (isProblem(language)) return language;
  const limit = characterCount(input.character_limit, 'Character limit');
  if (isProblem(limit)) return limit;
  const target = characterCount(input.target_character_count, 'Target character count');
  if (isProblem(target)) return target;
  if (limit !== null && target !== null && target > limit) return { problem: PostMessages.targetExceedsLimit };
  const platforms = platformsOf(input);
  if (isProblem(platforms)) return platforms;

  return {
    brief: {
      businessName: input.business_name.trim(),
      businessData: input.business_data.trim(),
      contentType,
      topic: input.topic.trim(),
      context: input.context.trim(),
      timeOfYear: input.time_of_year.trim(),
      eventDetails: contentType === 'event' ? input.event_details.trim() : '',
      tone,
      mood,
      language,
      mediaType: input.media_type,
      platforms: platforms.map((platform) => {
        const platformLimit = Math.min(platformTextLimit(platform, input.media_type), limit ?? Infinity);
        return { platform, name: PLATFORM_DISPLAY_NAMES[platform], limit: platformLimit, target: target === null ? null : Math.min(target, platformLimit) };
      }),
    },
  };
}

/** The request kept with a draft and its posts, for Regenerate (part 2 §3 Original generation request). */
export function originalRequestOf(input: GenerationInput, brief: GenerationBrief, extra: Partial<OriginalRequest> = {}): OriginalRequest {
  const names = brief.platforms.map((target) => target.name);
  return {
    business_name: brief.businessName,
    business_data: brief.businessData,
    content_type: brief.contentType,
    topic: brief.topic,
    context: brief.context,
    time_of_year: brief.timeOfYear,
    event_details: input.event_details.trim(),
    platform: names.length === 1 ? names[0]! : input.platform,
    platforms: names,
    schedule_option: 'now',
    content: '',
    media_type: brief.mediaType,
    media_paths: '',
    scheduled_time: null,
    character_limit: input.character_limit ?? null,
    target_character_count: input.target_character_count ?? null,
    tone: brief.tone,
    mood: brief.mood,
    language: brief.language,
    auto_schedule_id: null,
    ...extra,
  };
}

/** 'fr-FR' → 'French (France)', so the model is told the language in words as well as by code. */
export function languageName(locale: string): string {
  return new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;
}

/** How X counts its characters, told to the model so it writes to X's count. */
const X_COUNTING = ' (X counts a link as 23 characters, and CJK characters and emoji as 2)';

const lengthRule = ({ platform, name, limit, target }: PlatformTarget) =>
  `${name}: at most ${limit} characters${platform === 'x' ? X_COUNTING : ''}${target === null ? '' : `, aim for about ${target} characters`}`;

/** The chat messages asking for one post per platform in the brand's voice, each within its limit. */
export function postsPrompt(brief: GenerationBrief): { system: string; user: string } {
  const system = [
    `You write social media posts for the business "${brief.businessName}" in its own brand voice.`,
    `Write in ${languageName(brief.language)} (${brief.language}).`,
    `Tone: ${brief.tone}. Mood: ${brief.mood}.`,
    'Write one post for each platform below, suited to that platform, and never longer than its limit (characters, hashtags and emoji included):',
    ...brief.platforms.map((target) => `- ${lengthRule(target)}`),
    'Reply only with the JSON object the schema asks for: the post text under each platform key, without quotes around the text or commentary.',
  ].join('\n');
  const facts: Array<[string, string]> = [
    ['Business name', brief.businessName],
    ['About the business', brief.businessData],
    ['Post type', brief.contentType],
    ['Topic', brief.topic],
    ['Context', brief.context],
    ['Time of year', brief.timeOfYear],
    ['Event details', brief.eventDetails],
    ['Media', brief.mediaType === 'text' ? '' : `the post goes with ${brief.mediaType} media`],
  ];
  const user = facts
    .filter(([, value]) => value !== '')
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
  return { system, user };
}

/** The JSON schema of the model's reply (strict structured output): one string per requested platform. */
export function postsReplyJsonSchema(platforms: PlatformTarget[]): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      posts: {
        type: 'object',
        properties: Object.fromEntries(platforms.map((target) => [target.platform, { type: 'string', description: lengthRule(target) }])),
        required: platforms.map((target) => target.platform),
        additionalProperties: false,
      },
    },
    required: ['posts'],
    additionalProperties: false,
  };
}

/** The reply as JSON text, or null when it is not what the schema asked for (or a post is empty). */
function parsed<T>(text: string | null | undefined, schema: z.ZodType<T>): T | null {
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const result = schema.safeParse(json);
  return result.success ? result.data : null;
}

const postText = z.string().refine((text) => text.trim().length > 0);

/** The model's posts keyed by platform, or null when the reply is malformed. */
export function parsePostsReply(text: string | null | undefined, platforms: PlatformTarget[]): Map<ConnectionPlatform, string> | null {
  const shape = z.object({ posts: z.object(Object.fromEntries(platforms.map((target) => [target.platform, postText]))) });
  const reply = parsed(text, shape) as { posts: Record<string, string> } | null;
  return reply ? new Map(platforms.map((target) => [target.platform, reply.posts[target.platform]!])) : null;
}

/** The magic edit's reply: one post. */
export const EDIT_REPLY_JSON_SCHEMA = {
  type: 'object',
  properties: { post: { type: 'string' } },
  required: ['post'],
  additionalProperties: false,
} as const;

export function parseEditReply(text: string | null | undefined): string | null {
  return parsed(text, z.object({ post: postText }))?.post ?? null;
}

const platformIds = (names: string[]) => names.map(platformIdOf).filter((id): id is ConnectionPlatform => id !== null);

/** The limit a magic edit is asked to keep: the lowest of the post's platforms, or the longest a post may be (part 2 §9). */
export function editLimit(platformNames: string[]): number {
  return Math.min(LIMITS.maxCharacters, ...platformIds(platformNames).map((id) => platformTextLimit(id)));
}

/** Whether an edited post fits each of its platforms, counted as each counts (X's links, CJK and emoji), and the longest a post may be. */
export function editFits(platformNames: string[]): Fits {
  const limits = [within(LIMITS.maxCharacters), ...platformIds(platformNames).map((id) => within(platformTextLimit(id), id))];
  return (text) => limits.every((fits) => fits(text));
}

/** The chat messages asking to rewrite a post as the user's instruction says, within the limit. */
export function editPrompt(post: string, instruction: string, limit: number): { system: string; user: string } {
  return {
    system: [
      'You edit a social media post as the user asks, keeping its language unless asked otherwise.',
      `The edited post must not be longer than ${limit} characters.`,
      'Reply only with the JSON object the schema asks for: the edited post under "post".',
    ].join('\n'),
    user: `Post:\n${post}\n\nEdit: ${instruction}`,
  };
}

/** Whether a text fits where it goes. */
export type Fits = (text: string) => boolean;

/** At most `limit` characters as the platform counts them (X: links 23, CJK and emoji 2); without one, code points. */
export function within(limit: number, platform: ConnectionPlatform | null = null): Fits {
  return (text) => (platform ? platformTextLength(platform, text) : codePointLength(text)) <= limit;
}

/** The most code points of `chars` whose text fits (a longer start never counts less, but for a link cut short: checked again by the caller). */
function longestFitting(chars: string[], fits: Fits): number {
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(chars.slice(0, middle).join(''))) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * A post that fits (`within` a limit): control characters the database
 * cannot keep removed, and an over-long one cut at the last word boundary
 * that fits, whole code points only (mid-word only when a single word is
 * longer than the limit).
 */
export function fitToLimit(text: string, fits: Fits): string {
  const clean = text.replaceAll('\u0000', '').trim();
  if (fits(clean)) return clean;
  const chars = Array.from(clean);
  const longest = longestFitting(chars, fits);
  // The character just past the longest start being a space means that start ends on a word's end.
  for (let i = longest; i > 0; i--) {
    if (/\s/.test(chars[i]!)) {
      const cut = chars.slice(0, i).join('').trimEnd();
      if (cut !== '' && fits(cut)) return cut;
    }
  }
  return chars.slice(0, longest).join('');
}

/** What an image for a post shows: the custom prompt when given, else the post; stories are drawn upright. */
export function imagePrompt(input: { content: string; customPrompt: string; mediaType: MediaType; businessName: string }): { prompt: string; size: '1024x1024' | '1024x1536' } {
  const subject = input.customPrompt.trim() || input.content.trim();
  const prompt = [
    `An image for a social media ${input.mediaType === 'story' ? 'story' : 'post'} by "${input.businessName}".`,
    `It shows: ${subject}`,
    'No text, letters or logos in the image.',
  ].join('\n');
  return { prompt, size: input.mediaType === 'story' ? '1024x1536' : '1024x1024' };
}
