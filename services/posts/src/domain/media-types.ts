/** A media file's type as its bytes say it: the MIME type it is served with and the extension of its key. */
export interface SniffedType {
  mime: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'video/mp4' | 'video/quicktime' | 'video/webm';
  ext: 'jpg' | 'png' | 'gif' | 'webp' | 'mp4' | 'mov' | 'webm';
  kind: 'image' | 'video';
}

/** How many leading bytes `sniffMediaType` needs to decide (fewer only for a shorter file). */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');
const startsWith = (bytes: Buffer, magic: readonly number[]) => magic.every((byte, i) => bytes[i] === byte);

/** ISO base media brands of still images (HEIF, AVIF): an ftyp box that is not a video we publish. */
const IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/**
 * The type of a file from its first bytes (magic numbers), whatever its name
 * or declared Content-Type says; null for anything we do not take.
 */
export function sniffMediaType(head: Buffer): SniffedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg', kind: 'image' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png', kind: 'image' };
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return { mime: 'image/gif', ext: 'gif', kind: 'image' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return { mime: 'image/webp', ext: 'webp', kind: 'image' };
  if (ascii(head, 4, 8) === 'ftyp' && head.length >= 12) {
    const brand = ascii(head, 8, 12);
    if (brand === 'qt  ') return { mime: 'video/quicktime', ext: 'mov', kind: 'video' };
    if (IMAGE_BRANDS.has(brand) || brand.startsWith('3g')) return null;
    return { mime: 'video/mp4', ext: 'mp4', kind: 'video' };
  }
  // EBML header; its DocType tells WebM from other Matroska files.
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && head.includes('webm', 0, 'latin1')) return { mime: 'video/webm', ext: 'webm', kind: 'video' };
  return null;
}

/** The MIME type a stored key is served with, from the extension the sniffed type gave it. */
export function mimeOfExtension(ext: string): SniffedType['mime'] | null {
  const byExt: Record<string, SniffedType['mime']> = {
    jpg: 'image/jpeg',
    png: 'image/png',
    gif: 'image/gif',
    webp: 'image/webp',
    mp4: 'video/mp4',
    mov: 'video/quicktime',
    webm: 'video/webm',
  };
  return byExt[ext] ?? null;
}
