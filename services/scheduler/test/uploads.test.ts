import { describe, expect, it } from 'vitest';
import { uploadBytes } from '../src/domain/uploads.js';

describe('an uploaded file’s bytes (name plus base64)', () => {
  const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xfb, 0xff, 0x00, 0x3e]);

  it('reads base64 and base64url, padded or not, with a data: URL’s prefix or line breaks', () => {
    for (const data of [
      bytes.toString('base64'),
      bytes.toString('base64url'),
      bytes.toString('base64').replace(/=+$/, ''),
      `data:image/png;base64,${bytes.toString('base64')}`,
      bytes.toString('base64').replace(/(.{4})/g, '$1\n'),
    ]) {
      expect(uploadBytes({ name: 'a.png', data })?.equals(bytes), data).toBe(true);
    }
  });

  it('is null for data that is not base64 or holds nothing', () => {
    for (const data of ['not base64!', 'data:image/png;base64,', '====', 'A', 'QUJD=A', '<svg/>']) expect(uploadBytes({ name: 'a.png', data }), data).toBeNull();
  });
});
