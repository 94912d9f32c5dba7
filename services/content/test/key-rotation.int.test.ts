import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkSettings, unsubscribeUrl } from '../src/domain/links.js';
import { SIGNING_KEY, startContent, type Content } from './service.js';

// A rotation from SIGNING_KEY to NEW_KEY in the middle of its rollout (docs/operations.md "Rotate keys"): pods of
// phase 1 (sign with the old key, also verify the next) and of phase 2 (sign with the new, also verify the old)
// serve side by side, so a mail's links must verify on either.
const NEW_KEY = 'rotated-newsletter-signing-key';
let phase1: Content;
let phase2: Content;

beforeAll(async () => {
  [phase1, phase2] = await Promise.all([
    startContent({ NEWSLETTER_SIGNING_KEY: SIGNING_KEY, NEWSLETTER_NEXT_SIGNING_KEYS: NEW_KEY }),
    startContent({ NEWSLETTER_SIGNING_KEY: NEW_KEY, NEWSLETTER_PREVIOUS_SIGNING_KEYS: ` ${SIGNING_KEY} ,another-retired-key` }),
  ]);
});

afterAll(async () => {
  await Promise.all([phase1?.close(), phase2?.close()]);
});

describe('newsletter signing key rotation', () => {
  const linkOf = (signer: Content) => unsubscribeUrl(linkSettings(signer.ctx.config), 'reader@example.com');

  it('signs with NEWSLETTER_SIGNING_KEY only, and each phase honours the links the other signs, not any other', async () => {
    for (const [signer, reader] of [[phase1, phase2], [phase2, phase1], [phase1, phase1], [phase2, phase2]] as const) {
      expect((await reader.api.follow(linkOf(signer))).status).toBe(200);
    }
    expect(linkOf(phase1)).toBe(unsubscribeUrl({ appUrl: 'https://planner.example', key: SIGNING_KEY }, 'reader@example.com'));
    expect(linkOf(phase2)).toBe(unsubscribeUrl({ appUrl: 'https://planner.example', key: NEW_KEY }, 'reader@example.com'));
    for (const reader of [phase1, phase2]) {
      expect((await reader.api.follow(unsubscribeUrl({ appUrl: 'https://planner.example', key: 'never-configured-key' }, 'reader@example.com'))).status).toBe(400);
    }
    expect(phase2.ctx.config.NEWSLETTER_PREVIOUS_SIGNING_KEYS).toEqual([SIGNING_KEY, 'another-retired-key']);
  });
});
