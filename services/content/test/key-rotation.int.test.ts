import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeUrl } from '../src/domain/links.js';
import { SIGNING_KEY, startContent, type Content } from './service.js';

// After a rotation: the new key signs, the previous one (SIGNING_KEY) still verifies the links of mails already sent.
const NEW_KEY = 'rotated-newsletter-signing-key';
let c: Content;

beforeAll(async () => {
  c = await startContent({ NEWSLETTER_SIGNING_KEY: NEW_KEY, NEWSLETTER_PREVIOUS_SIGNING_KEYS: ` ${SIGNING_KEY} ,another-retired-key` });
});

afterAll(async () => {
  await c?.close();
});

describe('newsletter signing key rotation', () => {
  it('signs new links with the new key and still honours those signed with the previous one, not any other', async () => {
    const page = (key: string) => c.api.follow(unsubscribeUrl({ appUrl: 'https://planner.example', key }, 'reader@example.com'));
    expect((await page(NEW_KEY)).status).toBe(200);
    expect((await page(SIGNING_KEY)).status).toBe(200);
    expect((await page('never-configured-key')).status).toBe(400);
    expect(c.ctx.config.NEWSLETTER_PREVIOUS_SIGNING_KEYS).toEqual([SIGNING_KEY, 'another-retired-key']);
  });
});
