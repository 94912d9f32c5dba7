import { describe, expect, it } from 'vitest';
import type { TikTokPostOptions } from '@planner/contracts';
import { platformAdaptersOf } from '../src/adapters/platforms/index.js';
import { postRefusals } from '../src/domain/post-check.js';
import { config } from './adapters/harness.js';

/** Issue 29 §4: the platforms' rules, asked by posts before a post is saved, are the adapters' own. */
const adapters = platformAdaptersOf(config({}));
const video = { content_type: 'video/mp4', facts: { size: 1_000_000, duration_seconds: 30, width: 1080, height: 1920, frame_rate: 30 } };

describe("a post's refusals before it is saved", () => {
  it("names each platform whose rules it breaks, in the post's order, and none that take it", () => {
    expect(postRefusals(adapters, { platforms: ['x', 'tiktok', 'instagram'], media_type: 'text', content: 'Words only', media: [], platform_options: {} })).toEqual({
      refusals: [
        { platform: 'tiktok', message: 'TikTok cannot publish text-only posts: add a video or photos.' },
        { platform: 'instagram', message: expect.stringContaining('Instagram') },
      ],
    });
  });

  it("reads TikTok's choices: branded content seen by the creator only is refused, naming TikTok", () => {
    const audited = platformAdaptersOf(config({ TIKTOK_APP_AUDITED: 'true' }));
    const branded: TikTokPostOptions = { privacy_level: 'SELF_ONLY', allow_comment: true, allow_duet: false, allow_stitch: false, brand_organic: false, brand_content: true };
    const refusals = (tiktok: TikTokPostOptions, of = audited) =>
      postRefusals(of, { platforms: ['tiktok'], media_type: 'video', content: 'A paid partnership', media: [video], platform_options: { tiktok } }).refusals;
    expect(refusals(branded)).toEqual([
      { platform: 'tiktok', message: 'TikTok does not allow branded content visible only to the creator. Choose who else can see the TikTok post.' },
    ]);
    expect(refusals({ ...branded, privacy_level: 'PUBLIC_TO_EVERYONE' })).toEqual([]);
    // An app TikTok has not audited posts only visible to the creator, whatever is chosen.
    expect(refusals({ ...branded, privacy_level: 'PUBLIC_TO_EVERYONE' }, adapters)).toEqual([{ platform: 'tiktok', message: expect.stringContaining('not yet audited by TikTok') }]);
    expect(refusals({ ...branded, brand_content: false, brand_organic: true }, adapters)).toEqual([]);
  });

  it('reads the media types and facts as the adapters do at publishing time', () => {
    expect(postRefusals(adapters, { platforms: ['x', 'linkedin'], media_type: 'video', content: 'A clip', media: [video], platform_options: {} })).toEqual({ refusals: [] });
    const png = { content_type: 'image/png', facts: { size: 1000, duration_seconds: null, width: null, height: null, frame_rate: null } };
    expect(postRefusals(adapters, { platforms: ['tiktok'], media_type: 'image', content: 'A photo', media: [png], platform_options: {} }).refusals).toEqual([
      { platform: 'tiktok', message: 'TikTok takes MP4, MOV or WebM videos and JPEG or WebP photos, not image/png.' },
    ]);
  });
});
