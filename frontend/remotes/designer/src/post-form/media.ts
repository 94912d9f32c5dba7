import { acceptsMime, MEDIA_TYPES, PostMessages, sizeLimit, tooLargeMessage, type MediaFacts, type MediaType } from '@planner/contracts';

/**
 * The post form's media (part 2 §3 Media item): files chosen on this device,
 * sent with the form, and stored media (AI images, an edited post's), sent by
 * path. Part 2 §5's rules are the contracts' postRuleBroken, which the posts
 * service applies again to what it stores.
 */
export interface MediaEntry extends MediaFacts {
  id: string;
  name: string;
  source: 'upload' | 'generated';
  /** A file to upload with the form. */
  file?: File;
  /** Stored media: its `/api/media/<organization>/<file>` URL. */
  url?: string;
}

/** Part 2 §3: a file's type from its extension when the browser does not say (jpg, jpeg, png, gif, webp images; mp4, webm, ogg videos; mov). */
const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'video/ogg',
  mov: 'video/quicktime',
};

export function mimeOfName(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return MIME_BY_EXTENSION[extension] ?? '';
}

const kindOf = (mime: string): MediaEntry['kind'] => (mime.startsWith('video/') ? 'video' : 'image');

let nextId = 0;
const newId = () => `media-${++nextId}`;

export function uploadEntry(file: File): MediaEntry {
  const mime = file.type || mimeOfName(file.name);
  return { id: newId(), name: file.name, source: 'upload', file, mime, kind: kindOf(mime), size: file.size };
}

/** Stored media by its URL or storage key (`<organization>/<file>`); its size is the posts service's to check. */
export function storedEntry(urlOrKey: string, source: MediaEntry['source'], mime = mimeOfName(urlOrKey)): MediaEntry {
  const url = urlOrKey.startsWith('/api/media/') ? urlOrKey : `/api/media/${urlOrKey}`;
  return { id: newId(), name: url.slice(url.lastIndexOf('/') + 1), source, url, mime, kind: kindOf(mime), size: 0 };
}

/** The organization and file of a stored entry's URL, as GET /media/:organizationId/:file takes them. */
export function mediaParams(url: string): { organizationId: string; file: string } | null {
  const match = /^\/api\/media\/([^/]+)\/([^/]+)$/.exec(url);
  return match ? { organizationId: match[1]!, file: match[2]! } : null;
}

/**
 * Why a chosen file cannot join the post's media, in part 2 §5's words, or
 * null: a type the media type takes, within its size, and a short's one file.
 */
export function fileProblem(entry: MediaEntry, mediaType: MediaType, current: readonly MediaEntry[]): string | null {
  if (!acceptsMime(mediaType, entry.mime)) return PostMessages.invalidMediaType;
  const limit = sizeLimit(mediaType, entry.kind);
  if (entry.size > limit.bytes) return tooLargeMessage(limit);
  if (mediaType === 'short' && current.length > 0) return PostMessages.shortSingleFile;
  return null;
}

/** What a file input of the media type offers to pick. */
export function acceptOf(mediaType: MediaType): string {
  switch (mediaType) {
    case 'image':
      return 'image/*';
    case 'video':
      return 'video/*';
    case 'short':
      return 'video/mp4,video/quicktime,.mp4,.mov';
    case 'story':
      return 'image/jpeg,image/png,video/mp4,video/quicktime,.jpg,.jpeg,.png,.mp4,.mov';
    default:
      return 'image/*,video/*';
  }
}

/** The media types every chosen platform takes, in part 2 §3's order. */
export function commonMediaTypes(platformNames: readonly string[], byPlatform: Record<string, readonly MediaType[]>): MediaType[] {
  return MEDIA_TYPES.filter((type) => platformNames.every((name) => byPlatform[name.toUpperCase()]?.includes(type)));
}

/** Part 2 §4: text when every platform takes it, otherwise the first type common to them all. */
export function defaultMediaType(available: readonly MediaType[]): MediaType {
  return available.includes('text') ? 'text' : (available[0] ?? 'text');
}
