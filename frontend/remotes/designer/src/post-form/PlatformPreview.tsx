import { PLATFORM_DISPLAY_NAMES, PostMessages, type ConnectionPlatform, type MediaType } from '@planner/contracts';
import type { Host } from '@planner/remote-contract';
import { PlatformIcon } from '@planner/ui/platform-icon';
import { Fragment, type ReactNode } from 'react';
import type { MediaEntry } from './media.js';
import { MediaView } from './MediaView.js';

/** Who the post appears to come from on the platform. */
export interface PreviewAccount {
  name: string;
  /** A handle ('acme_bakery') where the platform shows one. */
  handle: string | null;
}

const TOKEN = /(https?:\/\/[^\s]+|#[\p{L}\p{N}_]+|@[A-Za-z0-9_.]+)/gu;

/** The text as platforms show it: line breaks kept, links, hashtags and mentions in the link colour. */
function PostText({ text }: { text: string }) {
  const parts = text.split(TOKEN);
  return (
    <p className="preview-text">
      {parts.map((part, i) => (i % 2 === 1 ? <span key={i} className="preview-token">{part}</span> : <Fragment key={i}>{part}</Fragment>))}
    </p>
  );
}

function Avatar({ account, square = false }: { account: PreviewAccount; square?: boolean }) {
  return (
    <span className={square ? 'preview-avatar square' : 'preview-avatar'} aria-hidden="true">
      {account.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

function Media({ host, media, single = false }: { host: Host; media: readonly MediaEntry[]; single?: boolean }) {
  if (media.length === 0) return null;
  const shown = single ? media.slice(0, 1) : media.slice(0, 4);
  return (
    <div className={`preview-media count-${shown.length}`}>
      {shown.map((entry) => (
        <MediaView key={entry.id} host={host} entry={entry} />
      ))}
    </div>
  );
}

/** A decorative row of the platform's actions (not controls: the preview is a picture of the post). */
function Actions({ labels }: { labels: string[] }) {
  return (
    <p className="preview-actions" aria-hidden="true">
      {labels.map((label) => (
        <span key={label}>{label}</span>
      ))}
    </p>
  );
}

const handleOf = (account: PreviewAccount) => `@${account.handle ?? account.name.toLowerCase().replace(/[^a-z0-9_]+/g, '')}`;

/** The post's body in each platform's layout. */
function body(platform: ConnectionPlatform, props: PreviewProps): ReactNode {
  const { host, account, text, media, mediaType } = props;
  const story = mediaType === 'story';
  const shownText = story ? '' : text;
  switch (platform) {
    case 'x':
    case 'threads':
      return (
        <div className="preview-row">
          <Avatar account={account} />
          <div className="preview-main">
            <p className="preview-head">
              <strong>{account.name}</strong> <span className="muted">{platform === 'x' ? `${handleOf(account)} · now` : 'now'}</span>
            </p>
            <PostText text={shownText} />
            <Media host={host} media={media} />
            <Actions labels={platform === 'x' ? ['Reply', 'Repost', 'Like', 'Views'] : ['Like', 'Reply', 'Repost', 'Share']} />
          </div>
        </div>
      );
    case 'linkedin':
    case 'facebook':
      return (
        <>
          <div className="preview-row">
            <Avatar account={account} square={platform === 'linkedin'} />
            <p className="preview-head">
              <strong>{account.name}</strong>
              <br />
              <span className="muted">{platform === 'linkedin' ? 'Followers · Now' : 'Just now · Public'}</span>
            </p>
          </div>
          <PostText text={shownText} />
          <Media host={host} media={media} />
          <Actions labels={platform === 'linkedin' ? ['Like', 'Comment', 'Repost', 'Send'] : ['Like', 'Comment', 'Share']} />
        </>
      );
    case 'instagram':
      return (
        <>
          <div className="preview-row">
            <Avatar account={account} />
            <strong>{account.handle ?? account.name}</strong>
          </div>
          {media.length ? <Media host={host} media={media} single /> : <p className="preview-empty-media">No image or video yet: Instagram shows posts as media.</p>}
          <Actions labels={['Like', 'Comment', 'Share', 'Save']} />
          {shownText && (
            <div className="preview-caption">
              <strong>{account.handle ?? account.name}</strong> <PostText text={shownText} />
            </div>
          )}
        </>
      );
    case 'tiktok':
    case 'youtube':
      return (
        <div className={platform === 'tiktok' ? 'preview-frame vertical' : 'preview-frame'}>
          {media.length ? <Media host={host} media={media} single /> : <p className="preview-empty-media">No video yet</p>}
          <div className="preview-overlay">
            <strong>{platform === 'tiktok' ? handleOf(account) : account.name}</strong>
            <PostText text={shownText} />
          </div>
        </div>
      );
    case 'telegram':
      return (
        <div className="preview-bubble">
          <p className="preview-head">
            <strong>{account.name}</strong>
          </p>
          <Media host={host} media={media} />
          <PostText text={shownText} />
          <p className="preview-meta muted" aria-hidden="true">
            1 view · now
          </p>
        </div>
      );
  }
}

interface PreviewProps {
  host: Host;
  platform: ConnectionPlatform;
  account: PreviewAccount;
  text: string;
  media: readonly MediaEntry[];
  mediaType: MediaType;
  /** The length counter, under the picture. */
  footer?: ReactNode;
}

/** How the post will look on one platform: the platform's layout, its icon, the account's name. */
export function PlatformPreview(props: PreviewProps) {
  const name = PLATFORM_DISPLAY_NAMES[props.platform];
  return (
    <article className={`preview preview-${props.platform}`} aria-label={`Preview on ${name}`}>
      <p className="preview-platform">
        <PlatformIcon platform={props.platform} size={16} decorative className="platform-icon" /> {name}
      </p>
      <div className="preview-card">{body(props.platform, props)}</div>
      {props.mediaType === 'story' && <p className="field-hint">{PostMessages.storiesWithoutText}</p>}
      {props.footer}
    </article>
  );
}
