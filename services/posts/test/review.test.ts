import { describe, expect, it } from 'vitest';
import { normalisePlatforms, originalRequestSchema, PostMessages, type OriginalRequest, type PlatformOutcome } from '@planner/contracts';
import { platformIdsOf } from '../src/domain/platforms.js';
import { editedPost } from '../src/domain/post-update.js';
import {
  hasQueued,
  mediaPathList,
  platformsToRetry,
  publicationsFor,
  publishDue,
  publishesDifferently,
  unpublishedPlatforms,
  withoutQueued,
  type PublishedFields,
} from '../src/domain/review.js';

const now = new Date('2026-11-24T10:00:00Z');
const outcome = (status: PlatformOutcome['status'], link: string | null = null): PlatformOutcome => ({ status, link, reason: null, at: now.toISOString() });
const post: PublishedFields & { autoScheduleId: string | null; originalRequest: OriginalRequest | null } = {
  content: 'Hello',
  platforms: ['X', 'LinkedIn'],
  mediaType: 'text',
  mediaPaths: [],
  scheduledTime: null,
  platformOptions: {},
  autoScheduleId: null,
  originalRequest: null,
};

describe('platform names', () => {
  it('become display names, once each, in the order given; the first unknown one is named', () => {
    expect(normalisePlatforms(['twitter', ' linkedin ', 'X', 'TIKTOK'])).toEqual({ ids: ['x', 'linkedin', 'tiktok'], names: ['X', 'LinkedIn', 'TikTok'], unknown: null });
    expect(normalisePlatforms(['X', 'MySpace', 'Orkut'])).toEqual({ ids: [], names: [], unknown: 'MySpace' });
  });

  it('map to the ids the publishing events carry, skipping what is no platform', () => {
    expect(platformIdsOf(['X', 'LinkedIn', 'MySpace', 'twitter'])).toEqual(['x', 'linkedin']);
  });
});

describe('review rules', () => {
  it('what, where and when make a new version; nothing else', () => {
    expect(publishesDifferently(post, { ...post })).toBe(false);
    const privateOnYouTube = { platformOptions: { youtube: { privacy_status: 'private' as const } } };
    for (const change of [{ content: 'Hi' }, { platforms: ['X'] }, { mediaType: 'image' as const }, { mediaPaths: ['a.png'] }, { scheduledTime: now }, privateOnYouTube]) {
      expect(publishesDifferently(post, { ...post, ...change }), JSON.stringify(change)).toBe(true);
    }
    expect(publishesDifferently({ ...post, scheduledTime: now }, { ...post, scheduledTime: new Date(now.getTime()) })).toBe(false);
  });

  it('publishes at the scheduled time while it is ahead, now otherwise', () => {
    const later = new Date(now.getTime() + 1000);
    expect(publishDue(later, now)).toBe(later);
    expect(publishDue(new Date(now.getTime() - 1000), now)).toBeNull();
    expect(publishDue(null, now)).toBeNull();
  });

  it('media paths come as a list or comma-separated, blanks dropped', () => {
    expect(mediaPathList(' a.png, ,b.png ')).toEqual(['a.png', 'b.png']);
    expect(mediaPathList(['a.png', ''])).toEqual(['a.png']);
  });

  it('publications: only what did not go out is asked for; withdrawing drops what is queued; a dropped platform keeps only a link', () => {
    const publications = { x: outcome('published', 'L'), linkedin: outcome('failed'), telegram: outcome('queued') };
    expect(unpublishedPlatforms(['x', 'linkedin', 'telegram'], publications)).toEqual(['linkedin', 'telegram']);
    expect(hasQueued(publications)).toBe(true);
    expect(Object.keys(withoutQueued(publications))).toEqual(['x', 'linkedin']);
    expect(hasQueued(withoutQueued(publications))).toBe(false);
    expect(Object.keys(publicationsFor(['telegram'], publications))).toEqual(['x', 'telegram']);
  });

  it('Retry: by default every platform not out; chosen, only failed or in-doubt ones, by id or name, once each', () => {
    const publications = { x: outcome('published', 'L'), linkedin: outcome('failed'), telegram: outcome('in_doubt'), threads: outcome('queued') };
    const platforms = ['x', 'linkedin', 'telegram', 'threads', 'tiktok'] as const;
    expect(platformsToRetry(platforms, publications, undefined)).toEqual({ ok: true, platforms: ['linkedin', 'telegram', 'threads', 'tiktok'] });
    expect(platformsToRetry(platforms, publications, ['Telegram', 'linkedin', 'TELEGRAM'])).toEqual({ ok: true, platforms: ['telegram', 'linkedin'] });
    for (const [name, shown] of [['twitter', 'X'], ['threads', 'Threads'], ['tiktok', 'TikTok'], ['facebook', 'Facebook']]) {
      expect(platformsToRetry(platforms, publications, ['linkedin', name!]), name).toEqual({ ok: false, problem: PostMessages.retryNotFailed(shown!) });
    }
    expect(platformsToRetry(platforms, publications, ['MySpace'])).toEqual({ ok: false, problem: PostMessages.unknownPlatform('MySpace') });
  });
});

describe('an edit (POST /posts/{id}/update)', () => {
  it('replaces only the fields sent', () => {
    const edit = editedPost(post, { content: 'New', platforms: ['instagram'], media_type: 'image', media_paths: ['m.png'], scheduled_time: '2030-01-01T10:00:00+01:00' }, 'UTC');
    expect(edit).toEqual({
      ok: true,
      fields: { content: 'New', platforms: ['Instagram'], mediaType: 'image', mediaPaths: ['m.png'], scheduledTime: new Date('2030-01-01T09:00:00Z'), platformOptions: {} },
      autoScheduleId: null,
      originalRequest: null,
    });
    expect(editedPost({ ...post, scheduledTime: now }, { scheduled_time: null }, 'UTC')).toMatchObject({ ok: true, fields: { scheduledTime: null } });
  });

  it('keeps the platform choices of the post’s platforms only, YouTube’s public unless chosen', () => {
    const unlisted = { youtube: { privacy_status: 'unlisted' as const } };
    expect(editedPost(post, { platform_options: unlisted }, 'UTC')).toMatchObject({ ok: true, fields: { platformOptions: {} } });
    expect(editedPost(post, { platforms: ['X', 'YouTube'] }, 'UTC')).toMatchObject({ ok: true, fields: { platformOptions: { youtube: { privacy_status: 'public' } } } });
    expect(editedPost({ ...post, platforms: ['YouTube'], platformOptions: unlisted }, { content: 'New' }, 'UTC')).toMatchObject({ ok: true, fields: { platformOptions: unlisted } });
  });

  it('reads a scheduled time as schedule for later does: with its offset as it says, the time picker\'s in the organization\'s zone', () => {
    expect(editedPost(post, { scheduled_time: '2030-07-01T09:30:00-04:00' }, 'Europe/Berlin')).toMatchObject({ ok: true, fields: { scheduledTime: new Date('2030-07-01T13:30:00Z') } });
    expect(editedPost(post, { scheduled_time: '2030-07-01T09:30' }, 'Europe/Berlin')).toMatchObject({ ok: true, fields: { scheduledTime: new Date('2030-07-01T07:30:00Z') } });
    expect(editedPost(post, { scheduled_time: '2030-01-01T09:30' }, 'America/New_York')).toMatchObject({ ok: true, fields: { scheduledTime: new Date('2030-01-01T14:30:00Z') } });
    for (const unreadable of ['next week', '2030-02-30T09:30', '', '2030-07-01 09:30']) {
      expect(editedPost(post, { scheduled_time: unreadable }, 'Europe/Berlin'), unreadable).toEqual({ ok: false, problem: PostMessages.scheduledTimeInvalid });
    }
  });

  it('refuses an unknown platform and a post without platforms (the media rules are the command’s, with the media’s facts)', () => {
    expect(editedPost(post, { platforms: ['X', 'Vine'] }, 'UTC')).toEqual({ ok: false, problem: PostMessages.unknownPlatform('Vine') });
    expect(editedPost(post, { platforms: [] }, 'UTC')).toEqual({ ok: false, problem: PostMessages.selectPlatform });
  });

  it('a hand-written post gets an original request once the business is named; the form’s fields follow into it', () => {
    expect(editedPost(post, { tone: 'formal' }, 'UTC')).toMatchObject({ ok: true, originalRequest: null });
    const named = editedPost(post, { business_name: 'Acme', tone: 'formal', character_limit: 280 }, 'UTC');
    expect(named).toMatchObject({ ok: true, originalRequest: { business_name: 'Acme', tone: 'formal', character_limit: 280, platforms: ['X', 'LinkedIn'], media_type: 'text' } });
  });

  it('a generation draft’s request becomes the original request, under the form’s fields and the post as edited', () => {
    const draft = originalRequestSchema.parse({ business_name: 'Fjord Bakery', topic: 'Buns', tone: 'friendly', platforms: ['Facebook'] });
    const edit = editedPost({ ...post, originalRequest: originalRequestSchema.parse({ business_name: 'Old' }) }, { content: 'New', tone: 'formal' }, 'UTC', draft);
    expect(edit).toMatchObject({ ok: true, originalRequest: { ...draft, tone: 'formal', platforms: ['X', 'LinkedIn'] } });
  });

  it('keeps the target within the limit, naming the field that was sent', () => {
    const base = editedPost(post, { business_name: 'Acme', character_limit: 300, target_character_count: 200 }, 'UTC');
    if (!base.ok) throw new Error(base.problem);
    const withRequest = { ...post, originalRequest: base.originalRequest };
    expect(editedPost(withRequest, { target_character_count: 400 }, 'UTC')).toEqual({ ok: false, problem: PostMessages.targetExceedsLimit });
    expect(editedPost(withRequest, { character_limit: 100 }, 'UTC')).toEqual({ ok: false, problem: PostMessages.limitBelowTarget });
    expect(editedPost(withRequest, { character_limit: null }, 'UTC')).toMatchObject({ ok: true });
  });
});
