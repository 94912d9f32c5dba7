import { PLATFORM_DISPLAY_NAMES, type ConnectionPlatform, type MediaType } from '@planner/contracts';
import type { Host } from '@planner/remote-contract';
import { PlatformIcon } from '@planner/ui/platform-icon';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PostDraft } from './drafts.js';
import type { MediaEntry } from './media.js';
import { PlatformPreview, type PreviewAccount } from './PlatformPreview.js';

/** One tab: a post as one of its platforms shows it. */
interface PreviewTab {
  key: string;
  platform: ConnectionPlatform;
  text: string;
  label: string;
}

/** A tab per post and platform; a platform two posts go to is told apart by the post's number. */
export function previewTabs(drafts: readonly PostDraft[]): PreviewTab[] {
  const ready = drafts.filter((draft) => draft.status === 'ready');
  const pairs = ready.flatMap((draft, index) => draft.platforms.map((platform) => ({ draft, index, platform })));
  return pairs.map(({ draft, index, platform }) => {
    const shared = pairs.filter((pair) => pair.platform === platform).length > 1;
    const name = PLATFORM_DISPLAY_NAMES[platform];
    return { key: `${draft.key}:${platform}`, platform, text: draft.text, label: shared ? `${name} · post ${index + 1}` : name };
  });
}

/**
 * The live previews (issue 30): one tab per platform a post goes to, the
 * chosen one shown as that platform shows it; arrow keys, Home and End move
 * between the tabs (WAI-ARIA tabs pattern).
 */
export function PreviewTabs({ host, drafts, accounts, media, mediaType }: { host: Host; drafts: readonly PostDraft[]; accounts: Record<ConnectionPlatform, PreviewAccount>; media: readonly MediaEntry[]; mediaType: MediaType }) {
  const id = useId();
  const tabs = previewTabs(drafts);
  const [chosen, setChosen] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // A tab whose platform left its post gives way to the first.
  const selected = tabs.find((tab) => tab.key === chosen) ?? tabs[0];
  if (!selected) return <p className="composer-empty muted">Choose a platform for a post to see how it will look there.</p>;

  const move = (event: KeyboardEvent) => {
    const at = tabs.indexOf(selected);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length]!;
    setChosen(next.key);
    buttons.current.get(next.key)?.focus();
  };
  const tabId = (tab: PreviewTab) => `${id}-tab-${tab.key}`;

  return (
    <div className="preview-tabs">
      <div role="tablist" aria-label="Preview on" className="preview-tablist" onKeyDown={move}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(button) => {
              if (button) buttons.current.set(tab.key, button);
              else buttons.current.delete(tab.key);
            }}
            id={tabId(tab)}
            type="button"
            role="tab"
            aria-selected={tab === selected}
            aria-controls={`${id}-panel`}
            tabIndex={tab === selected ? 0 : -1}
            className="preview-tab"
            onClick={() => setChosen(tab.key)}
          >
            <PlatformIcon platform={tab.platform} size={16} decorative className="platform-icon" /> {tab.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={tabId(selected)} className="preview-panel">
        <PlatformPreview host={host} platform={selected.platform} account={accounts[selected.platform]} text={selected.text} media={media} mediaType={mediaType} />
      </div>
    </div>
  );
}
