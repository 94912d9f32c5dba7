import { sniffMediaType } from './media-types.js';

/** JPEG quality of generated images: near lossless, a tenth of a PNG's size; the platforms recompress anyway. */
export const GENERATED_JPEG_QUALITY = 90;

/** RGBA pixels with any transparency laid on white: JPEG has no alpha channel. */
function onWhite(rgba: Buffer): Buffer {
  for (let i = 0; i < rgba.length; i += 4) {
    const alpha = rgba[i + 3]!;
    if (alpha === 255) continue;
    for (let channel = i; channel < i + 3; channel++) rgba[channel] = Math.round((rgba[channel]! * alpha + 255 * (255 - alpha)) / 255);
    rgba[i + 3] = 255;
  }
  return rgba;
}

/** The image types `pngAsJpeg` converts: what a JPEG rendition is served of, for platforms that take only JPEG (Instagram). */
export const JPEG_RENDITION_TYPES: readonly string[] = ['image/png'];

/**
 * A PNG as JPEG, decoded and encoded again in pure JavaScript (pngjs,
 * jpeg-js: no native binaries, loaded with the first PNG), transparency on
 * white.
 */
export async function pngAsJpeg(png: Buffer): Promise<Buffer> {
  const [{ PNG }, { encode }] = await Promise.all([import('pngjs'), import('jpeg-js')]);
  const image = PNG.sync.read(png);
  return encode({ data: onWhite(image.data), width: image.width, height: image.height }, GENERATED_JPEG_QUALITY).data;
}

/**
 * A generated image as JPEG, which every platform takes (Instagram refuses
 * PNG): a JPEG as it is, a PNG converted. Anything else is not an image a
 * generator gives.
 */
export async function generatedImageAsJpeg(image: Buffer): Promise<Buffer> {
  const mime = sniffMediaType(image)?.mime;
  if (mime === 'image/jpeg') return image;
  if (mime !== 'image/png') throw new Error(`a generated image must be PNG or JPEG, not ${mime ?? 'unknown bytes'}`);
  return pngAsJpeg(image);
}
