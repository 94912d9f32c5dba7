import { CONNECTION_PLATFORMS, PLATFORM_DISPLAY_NAMES, type ConnectionPlatform } from '@planner/contracts';
import { siFacebook, siInstagram, siTelegram, siThreads, siTiktok, siX, siYoutube } from 'simple-icons';

interface Glyph {
  path: string;
  /** The brand's colour, as #rrggbb. */
  color: string;
}

/**
 * simple-icons (CC0) has no LinkedIn since LinkedIn asked for its removal: its mark is drawn here
 * on the same 24×24 grid, a rounded square with the "in" cut out.
 */
const LINKEDIN_PATH =
  'M20.4 0H3.6A3.6 3.6 0 0 0 0 3.6v16.8A3.6 3.6 0 0 0 3.6 24h16.8a3.6 3.6 0 0 0 3.6-3.6V3.6A3.6 3.6 0 0 0 20.4 0M5 9h3v10H5zm1.5-5.5a1.75 1.75 0 1 1 0 3.5 1.75 1.75 0 0 1 0-3.5M10 9h2.9v1.4c.5-.9 1.6-1.7 3.2-1.7 3 0 3.9 1.9 3.9 4.6V19h-3v-5.1c0-1.3-.3-2.4-1.6-2.4s-2 .9-2 2.4V19h-3.4z';

const GLYPHS: Record<ConnectionPlatform, Glyph> = {
  x: { path: siX.path, color: `#${siX.hex}` },
  facebook: { path: siFacebook.path, color: `#${siFacebook.hex}` },
  instagram: { path: siInstagram.path, color: `#${siInstagram.hex}` },
  threads: { path: siThreads.path, color: `#${siThreads.hex}` },
  youtube: { path: siYoutube.path, color: `#${siYoutube.hex}` },
  linkedin: { path: LINKEDIN_PATH, color: '#0A66C2' },
  tiktok: { path: siTiktok.path, color: `#${siTiktok.hex}` },
  telegram: { path: siTelegram.path, color: `#${siTelegram.hex}` },
};

/**
 * The platform a name stands for, as posts and statistics write it ('LinkedIn', 'X'; any case), or
 * null for a name of none of the eight. (contracts' platformIdOf parses with zod, which bundles avoid.)
 */
export function platformOfName(name: string): ConnectionPlatform | null {
  const key = name.trim().toLowerCase();
  return CONNECTION_PLATFORMS.find((platform) => platform === key || PLATFORM_DISPLAY_NAMES[platform].toLowerCase() === key) ?? null;
}

/** The brand colour of a platform, for a calendar event's or a chart's accent. */
export function platformColor(platform: ConnectionPlatform): string {
  return GLYPHS[platform].color;
}

export interface PlatformIconProps {
  platform: ConnectionPlatform;
  /** Width and height in CSS pixels. */
  size?: number;
  /** 'brand' paints the brand's colour; 'current' the text's (for dark or coloured backgrounds). */
  tone?: 'brand' | 'current';
  /**
   * 'svg' (inline, the default) or 'image': an <img> of the icon, one data URL per platform that the
   * browser decodes once and paints as a picture, for pages that show a platform's icon hundreds of
   * times (the calendar's events). An image has the brand's colour only (a black mark is inverted on the dark theme).
   */
  as?: 'svg' | 'image';
  /**
   * When the platform's name is written beside the icon, the icon is hidden from screen readers
   * instead of naming the platform twice.
   */
  decorative?: boolean;
  className?: string;
}

/** A platform's icon; named for screen readers (role img, its display name) unless decorative. */
const imageUrls = new Map<ConnectionPlatform, string>();

/** The icon in the brand's colour as an SVG data URL, made once per platform. */
function imageUrl(platform: ConnectionPlatform): string {
  let url = imageUrls.get(platform);
  if (!url) {
    const glyph = GLYPHS[platform];
    url = `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="${glyph.color}"><path d="${glyph.path}"/></svg>`)}`;
    imageUrls.set(platform, url);
  }
  return url;
}

/** X's, Threads' and TikTok's marks are black: drawn in the text's colour, they show on the dark theme too. */
const isBlackMark = (color: string) => color.toLowerCase() === '#000000';

export function PlatformIcon({ platform, size = 20, tone = 'brand', as = 'svg', decorative = false, className }: PlatformIconProps) {
  const glyph = GLYPHS[platform];
  const label = PLATFORM_DISPLAY_NAMES[platform];
  if (as === 'image') {
    // An image cannot take the text's colour: a black mark is marked, and the dark theme's stylesheet inverts it.
    const classes = isBlackMark(glyph.color) ? [className, 'platform-icon-black-mark'].filter(Boolean).join(' ') : className;
    return <img className={classes} src={imageUrl(platform)} width={size} height={size} alt={decorative ? '' : label} />;
  }
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={tone === 'brand' && !isBlackMark(glyph.color) ? glyph.color : 'currentColor'}
      focusable="false"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
    >
      {decorative ? null : <title>{label}</title>}
      <path d={glyph.path} />
    </svg>
  );
}
