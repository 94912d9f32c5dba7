import { PostMessages, YOUTUBE_PRIVACY_STATUSES, type TikTokCreatorInfo, type TikTokPrivacyLevel, type YouTubePrivacyStatus } from '@planner/contracts';
import { useId } from 'react';
import type { MediaEntry } from './media.js';
import type { VideoFacts } from './video-facts.js';
import { privacyOptions, TikTokWords, YOUTUBE_PRIVACY_LABELS, type PlatformChoices as Choices, type TikTokChoice } from './platform-choices.js';

const MUSIC_USAGE = 'https://www.tiktok.com/legal/page/global/music-usage-confirmation/en';
const BRANDED_CONTENT_POLICY = 'https://www.tiktok.com/legal/page/global/bc-policy/en';

export interface TikTokCreatorState {
  creator: TikTokCreatorInfo | null;
  loading: boolean;
}

interface Props {
  /** The platform ids the form's posts go to. */
  platforms: readonly string[];
  choices: Choices;
  onChange: (choices: Choices) => void;
  tiktok: TikTokCreatorState;
  /** A photo post: TikTok takes no duets or stitches of one. */
  photos: boolean;
  /** The TikTok part's problem (the submit's check), shown where it is. */
  tiktokProblem: string | null;
  /** The video's seconds beyond the account's longest, when it is. */
  tooLong: string | null;
  disabled: boolean;
}

/**
 * The seconds of the post's video: what the posts service read of stored
 * media, or what the browser reads of a chosen file's metadata; null when
 * there is no video or it cannot be read (TikTok then checks it itself).
 */
export function videoSecondsOf(media: readonly MediaEntry[], read: ReadonlyMap<string, VideoFacts>): number | null {
  const video = media.find((entry) => entry.kind === 'video');
  return video?.durationSeconds ?? (video && read.get(video.id)?.durationSeconds) ?? null;
}

/** What TikTok and YouTube ask of a post before it goes out (issue 29 §7, §8), for the platforms chosen. */
export function PlatformChoices(props: Props) {
  const { platforms, choices, onChange } = props;
  return (
    <>
      {platforms.includes('tiktok') && (
        <TikTokGroup {...props} choice={choices.tiktok} onChoice={(tiktok) => onChange({ ...choices, tiktok })} />
      )}
      {platforms.includes('youtube') && <YouTubeGroup value={choices.youtube} onChange={(youtube) => onChange({ ...choices, youtube })} disabled={props.disabled} />}
    </>
  );
}

function YouTubeGroup({ value, onChange, disabled }: { value: YouTubePrivacyStatus; onChange: (value: YouTubePrivacyStatus) => void; disabled: boolean }) {
  const id = useId();
  return (
    <fieldset className="platform-choices youtube-choices" disabled={disabled}>
      <legend>YouTube</legend>
      <div className="field">
        <label htmlFor={`${id}-privacy`}>YouTube visibility</label>
        <select id={`${id}-privacy`} value={value} onChange={(event) => onChange(event.target.value as YouTubePrivacyStatus)}>
          {YOUTUBE_PRIVACY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {YOUTUBE_PRIVACY_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

function TikTokGroup(props: Props & { choice: TikTokChoice; onChoice: (choice: TikTokChoice) => void }) {
  const { choice, onChoice, tiktok, photos, disabled } = props;
  const id = useId();
  const set = (change: Partial<TikTokChoice>) => onChoice({ ...choice, ...change });
  const { creator } = tiktok;
  if (!creator) {
    return (
      <fieldset className="platform-choices tiktok-choices" aria-busy={tiktok.loading || undefined}>
        <legend>TikTok</legend>
        <p className={tiktok.loading ? 'field-hint' : 'field-error'} role={tiktok.loading ? undefined : 'alert'}>
          {tiktok.loading ? "Loading TikTok's choices for this account…" : TikTokWords.unavailable}
        </p>
      </fieldset>
    );
  }
  const privateChosen = choice.privacyLevel === 'SELF_ONLY';
  const brandedOn = choice.disclose && choice.brandContent;
  const toggles: Array<{ key: 'allowComment' | 'allowDuet' | 'allowStitch'; label: string; off: boolean; plural: string }> = [
    { key: 'allowComment', label: 'Allow comments', off: creator.comment_disabled, plural: 'Comments' },
    ...(photos
      ? []
      : [
          { key: 'allowDuet' as const, label: 'Allow Duet', off: creator.duet_disabled, plural: 'Duets' },
          { key: 'allowStitch' as const, label: 'Allow Stitch', off: creator.stitch_disabled, plural: 'Stitches' },
        ]),
  ];
  return (
    <fieldset className="platform-choices tiktok-choices" disabled={disabled}>
      <legend>TikTok</legend>
      <p className="field-hint">
        Posting to <strong>{creator.creator_nickname ?? creator.creator_username ?? 'your TikTok account'}</strong>
        {creator.creator_username && creator.creator_nickname ? ` (@${creator.creator_username})` : ''}
      </p>
      {creator.unaudited && <p className="field-hint">{TikTokWords.unaudited}</p>}
      <div className="field">
        <label htmlFor={`${id}-privacy`}>Who can see this video</label>
        <select
          id={`${id}-privacy`}
          value={choice.privacyLevel ?? ''}
          required
          aria-invalid={props.tiktokProblem && !choice.privacyLevel ? true : undefined}
          aria-describedby={brandedOn ? `${id}-private-note` : undefined}
          onChange={(event) => set({ privacyLevel: (event.target.value || null) as TikTokPrivacyLevel | null })}
        >
          <option value="" disabled>
            Choose who can see it
          </option>
          {privacyOptions(creator, choice).map((option) => (
            <option key={option.level} value={option.level} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        {brandedOn && (
          <p id={`${id}-private-note`} className="field-hint">
            {TikTokWords.brandedNotPrivate}
          </p>
        )}
      </div>
      <fieldset className="tiktok-interactions">
        <legend>Allow users to</legend>
        {toggles.map((toggle) => (
          <div key={toggle.key}>
            <label className="field-checkbox">
              <input
                type="checkbox"
                checked={choice[toggle.key] && !toggle.off}
                disabled={toggle.off}
                aria-describedby={toggle.off ? `${id}-${toggle.key}-off` : undefined}
                onChange={(event) => set({ [toggle.key]: event.target.checked })}
              />{' '}
              {toggle.label}
            </label>
            {toggle.off && (
              <p id={`${id}-${toggle.key}-off`} className="field-hint">
                {TikTokWords.creatorDisabled(toggle.plural)}
              </p>
            )}
          </div>
        ))}
      </fieldset>
      <div className="tiktok-disclosure">
        <label className="field-checkbox">
          <input
            type="checkbox"
            role="switch"
            checked={choice.disclose}
            aria-describedby={`${id}-disclose-hint`}
            onChange={(event) => set({ disclose: event.target.checked })}
          />{' '}
          Disclose commercial content
        </label>
        <p id={`${id}-disclose-hint`} className="field-hint">
          Turn on to say this post promotes yourself, a third party, or both.
        </p>
        {choice.disclose && (
          <fieldset>
            <legend>This post promotes</legend>
            <label className="field-checkbox">
              <input type="checkbox" checked={choice.brandOrganic} aria-describedby={`${id}-organic-hint`} onChange={(event) => set({ brandOrganic: event.target.checked })} /> Your
              brand
            </label>
            <p id={`${id}-organic-hint`} className="field-hint">
              You are promoting yourself or your own business.
            </p>
            <label className="field-checkbox">
              <input
                type="checkbox"
                checked={choice.brandContent}
                disabled={privateChosen || (creator.unaudited && !choice.brandContent)}
                aria-describedby={`${id}-branded-hint`}
                onChange={(event) => set({ brandContent: event.target.checked })}
              />{' '}
              Branded content
            </label>
            <p id={`${id}-branded-hint`} className="field-hint">
              {/* An unaudited app posts as Only me, which TikTok refuses for branded content (as the scheduler's adapter does); a stored choice can still be turned off. */}
              {creator.unaudited ? PostMessages.tiktokBrandedContentUnaudited : privateChosen ? TikTokWords.brandedNotPrivate : 'You are promoting another brand or a third party.'}
            </p>
            {(choice.brandOrganic || choice.brandContent) && (
              <p className="field-hint">{choice.brandContent ? TikTokWords.paidPartnership : TikTokWords.promotional}</p>
            )}
          </fieldset>
        )}
      </div>
      {props.tooLong && (
        <p className="field-error" role="alert">
          {props.tooLong}
        </p>
      )}
      {props.tiktokProblem && props.tiktokProblem !== props.tooLong && (
        <p className="field-hint">
          {props.tiktokProblem}
        </p>
      )}
      <p className="tiktok-consent">
        By posting, you agree to TikTok&apos;s{' '}
        {brandedOn && (
          <>
            <a href={BRANDED_CONTENT_POLICY} target="_blank" rel="noreferrer">
              Branded Content Policy
            </a>{' '}
            and{' '}
          </>
        )}
        <a href={MUSIC_USAGE} target="_blank" rel="noreferrer">
          Music Usage Confirmation
        </a>
        .
      </p>
    </fieldset>
  );
}
