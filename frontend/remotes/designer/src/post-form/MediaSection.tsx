import { AI_MEDIA_TYPES, MEDIA_TYPE_SPECS, MEDIA_TYPES, PLATFORM_DISPLAY_NAMES, PostMessages, type ConnectionPlatform, type MediaType } from '@planner/contracts';
import type { Host } from '@planner/remote-contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { failureText } from '../messages.js';
import { acceptOf, fileProblem, storedEntry, uploadEntry, type MediaEntry } from './media.js';
import type { PlatformRefusal } from './media-fit.js';
import { MediaView } from './MediaView.js';
import { DropZone } from '@planner/ui/drop-zone';
import { FormMessage } from '@planner/ui/form-message';

/** Part 2 §6: AI images for the generator's roles, an upgrade prompt for basic, nothing for test. */
export type AiImageAccess = 'allowed' | 'upgrade' | 'hidden';

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * The post form's media (part 2 §2, §5): the media type cards with their
 * displayed specs (those some chosen platform does not take are disabled),
 * uploads checked as they are chosen, the previews in 3 columns, and AI images
 * (image, carousel, story; short and video are Coming Soon). What each chosen
 * platform will refuse (its own rules, as its adapter checks them before
 * publishing) is flagged on the file it is about and listed by platform.
 */
export function MediaSection({
  host,
  organizationId,
  mediaType,
  available,
  onMediaType,
  media,
  onMedia,
  aiImages,
  imageText,
  platformName,
  progress,
  platforms,
  refusals,
  disabled,
}: {
  host: Host;
  organizationId: string;
  mediaType: MediaType;
  available: readonly MediaType[];
  onMediaType: (type: MediaType) => void;
  media: readonly MediaEntry[];
  onMedia: (media: MediaEntry[]) => void;
  aiImages: AiImageAccess;
  /** The text an AI image illustrates (the first post's). */
  imageText: string;
  /** The platform an AI image is drawn for (the first chosen), null with none. */
  platformName: string | null;
  /** The submit's upload of the chosen files, in percent; null when none is under way. */
  progress: number | null;
  /** The chosen platforms, in the posts' order. */
  platforms: readonly ConnectionPlatform[];
  /** What they will refuse; null until their rules are loaded. */
  refusals: readonly PlatformRefusal[] | null;
  disabled: boolean;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const draw = useMutation({
    mutationFn: () =>
      host.api.request('POST', '/generate_media', {
        body: { organization_id: organizationId, content: imageText, custom_prompt: prompt, media_type: mediaType, platform: platformName ?? '' },
      }),
    onSuccess: (answer) => {
      onMedia([...media, storedEntry(answer.media.url, 'generated', answer.media.type)]);
      setProblem(null);
      setNotice(PostMessages.mediaGenerated);
    },
    onError: (error) => {
      setNotice(null);
      setProblem(failureText(error, PostMessages.mediaGenerationFailed));
    },
  });

  const choose = (files: readonly File[]) => {
    setNotice(null);
    let next = [...media];
    for (const file of files) {
      const entry = uploadEntry(file);
      const refused = fileProblem(entry, mediaType, next);
      if (refused) {
        setProblem(refused);
        return;
      }
      next = [...next, entry];
    }
    setProblem(null);
    onMedia(next);
  };

  const drawImage = () => {
    setNotice(null);
    if (!platformName) return setProblem(PostMessages.mediaGenerationNeedsPlatformAndType);
    if (mediaType === 'story' && !prompt.trim()) return setProblem(PostMessages.storyPromptRequired);
    draw.mutate();
  };

  return (
    <section className="media-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Media</h3>
      <fieldset className="media-types" disabled={disabled}>
        <legend>Media type</legend>
        {MEDIA_TYPES.map((type) => {
          const { label, specs } = MEDIA_TYPE_SPECS[type];
          const off = !available.includes(type);
          return (
            <label key={type} className={off ? 'media-type-card off' : 'media-type-card'}>
              <input
                type="radio"
                name={`${id}-type`}
                value={type}
                checked={mediaType === type}
                disabled={off}
                onChange={() => {
                  setProblem(null);
                  // Part 2 §4: leaving carousel clears the media.
                  if (mediaType === 'carousel') onMedia([]);
                  onMediaType(type);
                }}
              />
              <strong>{label}</strong>
              <span className="media-specs">{specs.join(' · ')}</span>
              {off && <span className="media-specs">Not taken by every chosen platform</span>}
            </label>
          );
        })}
      </fieldset>

      {mediaType !== 'text' && (
        <>
          <DropZone
            label={`Upload ${MEDIA_TYPE_SPECS[mediaType].label.toLowerCase()} media`}
            accept={acceptOf(mediaType)}
            multiple={mediaType !== 'short'}
            disabled={disabled}
            onFiles={choose}
            hint={mediaType === 'carousel' ? 'A carousel needs at least 2 files.' : undefined}
            progress={progress}
          >
          {media.length > 0 && (
            <ul className="media-grid" aria-label="Chosen media">
              {media.map((entry, index) => (
                <li key={entry.id}>
                  <MediaView host={host} entry={entry} className="media-thumb" />
                  {refusals
                    ?.filter((refusal) => refusal.media === index)
                    .map((refusal) => (
                      <p key={refusal.platform + refusal.message} className="media-fit-flag">
                        <span aria-hidden="true">⚠ </span>
                        {PLATFORM_DISPLAY_NAMES[refusal.platform]} will refuse it: {refusal.message}
                      </p>
                    ))}
                  <span className="media-name">
                    {entry.name}
                    {entry.size > 0 && <> · {sizeText(entry.size)}</>}
                    {entry.source === 'generated' && <> · AI</>}
                  </span>
                  <button type="button" className="link-button" disabled={disabled} onClick={() => onMedia(media.filter((m) => m !== entry))}>
                    Remove<span className="visually-hidden"> {entry.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          </DropZone>
          <PlatformFit platforms={platforms} refusals={refusals} />
          {aiImages !== 'hidden' && (
            <div className="ai-image">
              <h4>AI image</h4>
              {!AI_MEDIA_TYPES.includes(mediaType) ? (
                <p>{PostMessages.comingSoon}</p>
              ) : aiImages === 'upgrade' ? (
                <p className="upgrade-prompt">
                  {PostMessages.upgradeForMedia}. <Link to="/plan-selection">Upgrade</Link>
                </p>
              ) : (
                <>
                  <div className="field">
                    <label htmlFor={`${id}-prompt`}>Custom prompt{mediaType === 'story' ? ' (required for a story)' : ''}</label>
                    <textarea id={`${id}-prompt`} rows={2} value={prompt} disabled={disabled} onChange={(e) => setPrompt(e.target.value)} />
                  </div>
                  <button type="button" className="button button-secondary" disabled={disabled || draw.isPending} onClick={drawImage}>
                    {draw.isPending ? 'Generating image...' : 'Generate image'}
                  </button>
                </>
              )}
            </div>
          )}
        </>
      )}
      <FormMessage kind="error">{problem}</FormMessage>
      <FormMessage kind="success">{notice}</FormMessage>
    </section>
  );
}

/** Each chosen platform, and what it will refuse of the post in its rule's own words, or that it takes it. */
function PlatformFit({ platforms, refusals }: { platforms: readonly ConnectionPlatform[]; refusals: readonly PlatformRefusal[] | null }) {
  const id = useId();
  if (platforms.length === 0 || refusals === null) return null;
  return (
    <section className="platform-fit" aria-labelledby={`${id}-title`} aria-live="polite">
      <h4 id={`${id}-title`}>Platform fit</h4>
      <ul>
        {platforms.map((platform) => {
          const name = PLATFORM_DISPLAY_NAMES[platform];
          const refused = refusals.filter((refusal) => refusal.platform === platform);
          if (refused.length === 0) {
            return (
              <li key={platform} className="platform-fit-ok">
                <span aria-hidden="true">✓ </span>
                {name} takes this post.
              </li>
            );
          }
          return (
            <li key={platform} className="platform-fit-refused">
              <span aria-hidden="true">⚠ </span>
              {name} will refuse this post:
              <ul>
                {refused.map((refusal) => (
                  <li key={refusal.message}>{refusal.message}</li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
