import { decode, encode } from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { placeholderPng } from '../src/adapters/sandbox-generators.js';
import { generatedImageAsJpeg } from '../src/domain/jpeg-image.js';
import { sniffMediaType } from '../src/domain/media-types.js';

/** A 2 × 1 RGBA PNG: an opaque red pixel, then a fully transparent black one. */
function redAndClear(): Buffer {
  const png = new PNG({ width: 2, height: 1 });
  png.data.set([255, 0, 0, 255, 0, 0, 0, 0]);
  return PNG.sync.write(png);
}

const near = (actual: number, expected: number) => Math.abs(actual - expected) <= 12;

describe('generated images stored as JPEG', () => {
  it('turns a PNG into a JPEG of the same size and colours, transparency on white', async () => {
    const jpeg = await generatedImageAsJpeg(redAndClear());
    expect(sniffMediaType(jpeg)?.mime).toBe('image/jpeg');
    const { width, height, data } = decode(jpeg);
    expect([width, height]).toEqual([2, 1]);
    const [red, white] = [[...data.subarray(0, 3)], [...data.subarray(4, 7)]];
    expect(red.every((value, i) => near(value, [255, 0, 0][i]!)), `red ${red}`).toBe(true);
    expect(white.every((value) => near(value, 255)), `white ${white}`).toBe(true);
  });

  it('converts the sandbox’s greyscale placeholder', async () => {
    const { width, height, data } = decode(await generatedImageAsJpeg(placeholderPng(16, 24)));
    expect([width, height]).toEqual([16, 24]);
    expect(near(data[0]!, 0xc8)).toBe(true);
  });

  it('keeps a JPEG as it is and refuses what is neither', async () => {
    const jpeg = Buffer.from(encode({ data: Buffer.alloc(4 * 4 * 4, 90), width: 4, height: 4 }, 90).data);
    expect(await generatedImageAsJpeg(jpeg)).toBe(jpeg);
    await expect(generatedImageAsJpeg(Buffer.from('GIF89a and more'))).rejects.toThrow('must be PNG or JPEG, not image/gif');
  });
});
