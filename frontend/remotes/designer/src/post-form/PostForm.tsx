import { PLATFORM_DISPLAY_NAMES, postRuleBroken, PostMessages, type ConnectionPlatform, type MediaType, type PostView } from '@planner/contracts';
import type { Host } from '@planner/remote-contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PostDraft } from './drafts.js';
import { DraftCard } from './DraftCard.js';
import { lengthOf, overLimitText } from './LengthCounter.js';
import { commonMediaTypes, defaultMediaType, storedEntry, type MediaEntry } from './media.js';
import { fitProblem, platformRefusals, usePlatformRules } from './media-fit.js';
import { MediaSection, type AiImageAccess } from './MediaSection.js';
import { PlatformChoices, videoSecondsOf } from './PlatformChoices.js';
import { useVideoFacts } from './video-facts.js';
import { choicesOf, platformOptionsOf, tiktokProblem, videoTooLong } from './platform-choices.js';
import type { PreviewAccount } from './PlatformPreview.js';
import { PreviewTabs } from './PreviewTabs.js';
import { defaultValue, scheduleProblem, valueAt } from './schedule-time.js';
import { SchedulePicker } from './SchedulePicker.js';
import {
  isPost,
  linksOfFailure,
  publishOutcome,
  savedMediaPaths,
  submissionForm,
  submitErrorText,
  type ScheduleMode,
} from './submit.js';
import { useCounter } from './text-counting.js';
import { FormMessage } from '@planner/ui/form-message';
import { editEffect } from '../messages.js';

/** Part 2 §6: schedule-for-later for the paid roles, disabled with its message for basic, hidden for test. */
export type LaterAccess = 'allowed' | 'upgrade' | 'hidden';

/** What a submit did: the posts it sent (their drafts' keys, and as saved), the server's words, the links of what went out. */
export interface SubmitResult {
  mode: ScheduleMode;
  keys: string[];
  notice: string;
  links: string[];
  posts: PostView[];
  /** A platform refused a post ('Failed to publish:' is in the notice). */
  failed: boolean;
}

export interface PostFormProps {
  host: Host;
  organization: { id: string; timezone: string; is_active: boolean };
  drafts: readonly PostDraft[];
  onDraft: (draft: PostDraft) => void;
  connected: readonly ConnectionPlatform[];
  /** Media types of each active platform, by upper-cased name (GET /platforms/media_types). */
  mediaTypes: Record<string, readonly MediaType[]>;
  accounts: Record<ConnectionPlatform, PreviewAccount>;
  aiEdits: boolean;
  aiImages: AiImageAccess;
  later: LaterAccess;
  /** The post being edited (part 2 §2 edit mode). */
  editing: PostView | null;
  /** A prefill's media type and Now or Schedule for (a generation's, an example's). */
  startWith?: { mediaType?: MediaType | undefined; mode: ScheduleMode } | undefined;
  /** Called as a submit starts (the page drops the previous one's notice). */
  onSubmitStart: () => void;
  /** Called once posts went out: the page resets the form or goes back to the return route. */
  onSubmitted: (result: SubmitResult) => void;
  /** 'Published' after a publish-now edit, while the page waits to leave (part 2 §4). */
  published: boolean;
  now?: () => Date;
  /** Places the form, its previews and its bar of when and submit in the page (the page's Composer, with the generator above the form). */
  layout: (parts: { form: ReactNode; previews: ReactNode; bar: ReactNode }) => ReactNode;
}

const namesOf = (platforms: readonly ConnectionPlatform[]) => platforms.map((platform) => PLATFORM_DISPLAY_NAMES[platform]);

/**
 * The post form (part 2 §2, §4, §5, §8): the posts with their previews, the
 * media, Now or Schedule-for in the organization's time zone, and the submit
 * (Schedule Posts, Publish Now or Save Changes). Each post is sent as its own
 * request, one after another; the files go up with the first, whose stored
 * paths the others name.
 */
export function PostForm(props: PostFormProps) {
  const { host, organization, drafts, connected, mediaTypes, editing, later, published, startWith } = props;
  const now = props.now ?? (() => new Date());
  const id = useId();
  const counter = useCounter();
  const ready = drafts.filter((draft) => draft.status === 'ready');
  const chosen = [...new Set(ready.flatMap((draft) => draft.platforms))];
  const available = commonMediaTypes(namesOf(chosen), mediaTypes);
  const [mediaType, setMediaType] = useState<MediaType>(() => editing?.media_type ?? startWith?.mediaType ?? defaultMediaType(available));
  const [media, setMedia] = useState<MediaEntry[]>(() =>
    (editing?.media_paths ?? '').split(',').map((path) => path.trim()).filter(Boolean).map((path) => storedEntry(path, 'upload')),
  );
  const [mode, setMode] = useState<ScheduleMode>(() => ((editing ? editing.scheduled_time : startWith?.mode === 'later') && later === 'allowed' ? 'later' : 'now'));
  const [scheduledTime, setScheduledTime] = useState(() =>
    editing?.scheduled_time ? valueAt(new Date(editing.scheduled_time), organization.timezone) : defaultValue(now(), organization.timezone),
  );
  const [timeError, setTimeError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failureLinks, setFailureLinks] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [choices, setChoices] = useState(() => choicesOf(editing?.platform_options));
  const toTikTok = chosen.includes('tiktok');
  // TikTok's guidelines: its choices come from the creator's current settings, read before each post.
  const creatorInfo = useQuery({
    queryKey: ['tiktok-creator-info', organization.id],
    // Typed by the API's contract (remote-contract); no zod in the bundle (frontend/e2e size.test.ts).
    queryFn: () => host.api.request('GET', '/publications/tiktok-creator-info', { query: { organization_id: organization.id } }),
    enabled: toTikTok,
    retry: false,
    staleTime: 60_000,
  });
  const creator = creatorInfo.data ?? null;
  const videoFacts = useVideoFacts(media);
  const videoSeconds = videoSecondsOf(mediaType === 'text' ? [] : media, videoFacts);
  const tiktokCheck = toTikTok ? tiktokProblem(creator, choices.tiktok, videoSeconds) : null;
  const tooLong = toTikTok ? videoTooLong(creator, videoSeconds) : null;
  const platformRules = usePlatformRules();
  // Blocks the submit: the posts service refuses the same post with the same words (docs/decisions/media-fit.md).
  const refusals = platformRules && platformRefusals(platformRules, ready, mediaType, media, videoFacts);

  // Part 2 §4: a media type the chosen platforms no longer share falls back to text, or their first common type.
  const fallback = available.includes(mediaType) ? null : defaultMediaType(available);
  useEffect(() => {
    if (fallback === null) return;
    if (mediaType === 'carousel') setMedia([]);
    setMediaType(fallback);
  }, [fallback, mediaType]);

  const disabled = !organization.is_active || submitting || published;
  const uploads = media.filter((entry) => entry.file);

  // What the last submit said of the media no longer holds once they change (issue 30: the carousel's message stayed after another type was chosen).
  const changeMediaType = (type: MediaType) => {
    setProblem(null);
    setMediaType(type);
  };
  const changeMedia = (next: MediaEntry[]) => {
    setProblem(null);
    setMedia(next);
  };

  const check = (): string | null => {
    const sending = ready.filter((draft) => draft.platforms.length > 0);
    if (sending.length === 0) return PostMessages.selectPlatform;
    for (const draft of sending) {
      const content = mediaType === 'story' ? '' : draft.text;
      const broken = postRuleBroken({ platforms: draft.platforms, mediaType, content, media: mediaType === 'text' ? [] : media });
      if (broken) return broken;
      for (const platform of draft.platforms) {
        const { length, limit, over } = lengthOf(counter, platform, content, mediaType);
        if (over) return overLimitText(platform, length!, limit);
      }
    }
    return tiktokCheck ?? fitProblem(refusals ?? []);
  };

  const submit = async () => {
    setProblem(null);
    setFailureLinks([]);
    const broken = check();
    const timeProblem = mode === 'later' ? scheduleProblem(scheduledTime, organization.timezone, now()) : null;
    // A time in the past is said once, under the time picker.
    setTimeError(timeProblem);
    if (broken || timeProblem) return setProblem(broken);
    props.onSubmitStart();
    setSubmitting(true);
    const sent: string[] = [];
    const messages: string[] = [];
    const links: string[] = [];
    const sentPlatforms: string[] = [];
    const posts: PostView[] = [];
    let failed = false;
    let mediaUrls = mediaType === 'text' ? [] : media.filter((entry) => entry.url).map((entry) => entry.url!);
    let files = mediaType === 'text' ? [] : uploads.map((entry) => entry.file!);
    try {
      for (const draft of ready.filter((d) => d.platforms.length > 0)) {
        const request = draft.request;
        const form = submissionForm({
          organizationId: organization.id,
          mode,
          platformNames: namesOf(draft.platforms),
          content: mediaType === 'story' ? '' : draft.text,
          mediaType,
          postId: editing?.id,
          draftId: draft.draftId ?? undefined,
          scheduledTime,
          platformOptions: platformOptionsOf(choices, draft.platforms, creator),
          requestFields: request
            ? { business_data: request.business_data, content_type: request.content_type, topic: request.topic, context: request.context, time_of_year: request.time_of_year, event_details: request.event_details }
            : undefined,
          mediaUrls,
          files,
        });
        setProgress(files.length ? 0 : null);
        const { answer, refused } = await publishOutcome(
          host.api.request('POST', mode === 'now' ? '/schedule_post/now' : '/schedule_post/later', {
            body: form,
            onUploadProgress: files.length ? ({ loaded, total }) => setProgress(total ? Math.round((loaded / total) * 100) : 0) : undefined,
          }),
          mode,
        );
        failed ||= refused;
        if (isPost(answer.post)) posts.push(answer.post);
        // The files are stored now: the next posts name them instead of sending them again.
        if (files.length) {
          mediaUrls = savedMediaPaths(answer);
          files = [];
        }
        sent.push(draft.key);
        sentPlatforms.push(...namesOf(draft.platforms));
        messages.push(answer.message);
        links.push(...answer.posted_links);
      }
    } catch (error) {
      setProblem(submitErrorText(error, mode, editing !== null));
      setFailureLinks(linksOfFailure(error));
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
    if (sent.length === 0) return;
    const notice = mode === 'later' ? PostMessages.scheduledFor(sentPlatforms.join(', ')) : messages.join(' ');
    props.onSubmitted({ mode, keys: sent, notice, links, posts, failed });
  };

  const label = published
    ? 'Published'
    : submitting
      ? mode === 'now'
        ? 'Publishing...'
        : editing
          ? 'Saving...'
          : 'Scheduling...'
      : mode === 'now'
        ? 'Publish Now'
        : editing
          ? 'Save Changes'
          : 'Schedule Posts';

  const formId = `${id}-form`;
  const form = (
    <form
      id={formId}
      className="post-form"
      aria-label={editing ? 'Edit post' : 'Posts'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ul className="drafts">
        {drafts.map((draft) => (
          <DraftCard
            key={draft.key}
            host={host}
            organizationId={organization.id}
            draft={draft}
            onChange={props.onDraft}
            connected={connected}
            mediaType={mediaType}
            counter={counter}
            aiEdits={props.aiEdits}
            editing={editing ? { postId: editing.id, hasOriginalRequest: editing.original_request !== null } : null}
            disabled={disabled}
          />
        ))}
      </ul>
      <MediaSection
        host={host}
        organizationId={organization.id}
        mediaType={mediaType}
        available={available}
        onMediaType={changeMediaType}
        media={media}
        onMedia={changeMedia}
        aiImages={props.aiImages}
        imageText={ready[0]?.text ?? ''}
        platformName={chosen[0] ? PLATFORM_DISPLAY_NAMES[chosen[0]] : null}
        progress={progress}
        platforms={chosen}
        refusals={refusals}
        disabled={disabled}
      />
      <PlatformChoices
        platforms={chosen}
        choices={choices}
        onChange={setChoices}
        tiktok={{ creator, loading: creatorInfo.isPending && creatorInfo.fetchStatus !== 'idle' }}
        photos={mediaType !== 'text' && media.length > 0 && media.every((entry) => entry.kind === 'image')}
        tiktokProblem={tiktokCheck}
        tooLong={tooLong}
        disabled={disabled}
      />
    </form>
  );

  // The bar's controls belong to the form by its id: the bar spans the composer's columns, below the form and the previews.
  const bar = (
    <div className="composer-bar" role="group" aria-label="Publishing">
      {problem && (
        <FormMessage kind="error">
          <p>{problem}</p>
          {failureLinks.length > 0 && <PostedLinks links={failureLinks} />}
        </FormMessage>
      )}
      {editing && (
        <p id={`${id}-edit-effect`} className="field-hint">
          {editEffect(editing.status, mode)}
        </p>
      )}
      <div className="composer-bar-row">
        <fieldset className="schedule-choice" form={formId} disabled={disabled}>
          <legend>When</legend>
          <label className="field-checkbox">
            <input type="radio" form={formId} name={`${id}-when`} checked={mode === 'now'} onChange={() => setMode('now')} /> Now
          </label>
          {later !== 'hidden' && (
            <label className="field-checkbox">
              <input type="radio" form={formId} name={`${id}-when`} checked={mode === 'later'} disabled={later === 'upgrade'} onChange={() => setMode('later')} /> Schedule for
            </label>
          )}
          {later === 'upgrade' && (
            <p className="upgrade-prompt">
              {PostMessages.upgradeToSchedule}. <Link to="/plan-selection">Upgrade</Link>
            </p>
          )}
        </fieldset>
        {mode === 'later' && (
          <SchedulePicker
            value={scheduledTime}
            onChange={(value) => {
              setScheduledTime(value);
              setTimeError(null);
            }}
            timeZone={organization.timezone}
            thisYear={now().getFullYear()}
            error={timeError}
          />
        )}
        {/* Without TikTok's choices for the account the post cannot go to TikTok (PlatformChoices says why). */}
        <button type="submit" form={formId} className="button composer-submit" disabled={disabled || (toTikTok && !creator)} aria-describedby={editing ? `${id}-edit-effect` : undefined}>
          {label}
        </button>
      </div>
    </div>
  );

  return props.layout({
    form,
    previews: <PreviewTabs host={host} drafts={drafts} accounts={props.accounts} media={mediaType === 'text' ? [] : media} mediaType={mediaType} />,
    bar,
  });
}

/** Part 2 §3 Publish response: the links of what was published. */
export function PostedLinks({ links }: { links: readonly string[] }) {
  return (
    <ul className="posted-links" aria-label="Posted links">
      {links.map((link) => (
        <li key={link}>
          <a href={link} target="_blank" rel="noreferrer">
            {link}
          </a>
        </li>
      ))}
    </ul>
  );
}
