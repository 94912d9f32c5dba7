import { describe, expect, it } from 'vitest';
import { AuthMessages, ContentMessages, NotificationMessages, OrganizationMessages } from '@planner/contracts';
import { failureText } from '../src/errors.js';
import { formatDateTime } from '../src/format.js';
import { checkCategory, checkPost, emptyPost, withTitle } from '../src/panel/blog-rules.js';
import { checkPlatform, platformNameError } from '../src/panel/platform-rules.js';
import { checkSystemMessage, durationText } from '../src/panel/system-message-rules.js';
import { checkBan, checkDeactivation, originPath } from '../src/user-manage/rules.js';
import { isBanned } from '../src/users.js';
import { apiError } from './support.js';

describe('ban rules (part 1 §5)', () => {
  it('needs a reason that is not blank, and whole hours of at least 1 or none (permanent)', () => {
    expect(checkBan(' ', '')).toEqual({ errors: { reason: AuthMessages.banReasonRequired } });
    for (const hours of ['0', '1.5', '-1', '2h', '1e3']) expect(checkBan('spam', hours), hours).toEqual({ errors: { hours: AuthMessages.banDurationInvalid } });
    expect(checkBan(' spam ', '')).toEqual({ ban: { reason: 'spam', duration_hours: null } });
    expect(checkBan('spam', ' 1 ')).toEqual({ ban: { reason: 'spam', duration_hours: 1 } });
  });

  it('a ban runs until its end; none is permanent', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(isBanned({ is_banned: true, ban_expires_at: null }, now)).toBe(true);
    expect(isBanned({ is_banned: true, ban_expires_at: '2026-03-01T13:00:00Z' }, now)).toBe(true);
    expect(isBanned({ is_banned: true, ban_expires_at: '2026-03-01T11:00:00Z' }, now)).toBe(false);
    expect(isBanned({ is_banned: false, ban_expires_at: null }, now)).toBe(false);
  });

  it('deactivating needs a reason', () => {
    expect(checkDeactivation('  ')).toEqual({ error: AuthMessages.deactivateReasonRequired });
    expect(checkDeactivation(' fraud ')).toEqual({ reason: 'fraud' });
  });
});

describe('the way back from the single-user page', () => {
  it('is returnTo (a path of this site only) with the origin’s tab and search', () => {
    expect(originPath(new URLSearchParams('userId=u&returnTo=/admin&tab=users&searchQuery=a b&searchType=email'))).toBe('/admin?tab=users&searchQuery=a+b&searchType=email');
    expect(originPath(new URLSearchParams('userId=u'))).toBe('/admin');
    for (const outside of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(originPath(new URLSearchParams({ returnTo: outside })), outside).toBe('/admin');
    }
    expect(originPath(new URLSearchParams({ returnTo: '/statistics?range=7', tab: 'x' }))).toBe('/statistics?range=7&tab=x');
  });
});

describe('platform rules (part 2 §5)', () => {
  it('names: required, letters, digits and underscores only', () => {
    expect(platformNameError('')).toBe(OrganizationMessages.platformNameRequired);
    expect(platformNameError('   ')).toBe(OrganizationMessages.platformNameRequired);
    for (const name of ['My Platform', 'x-y', 'café', 'a.b']) expect(platformNameError(name), name).toBe(OrganizationMessages.platformNameCharacters);
    expect(platformNameError('Blue_Sky2')).toBeNull();
  });

  it('a platform needs a media type and a daily limit of at least 1; credentials are a JSON object', () => {
    const draft = { name: 'Bluesky', mediaTypes: ['story' as const, 'text' as const], dailyLimit: '10', isActive: false, credentials: '' };
    expect(checkPlatform(draft)).toEqual({ platform: { name: 'Bluesky', media_types: 'text,story', default_daily_limit: 10, is_active: false } });
    expect(checkPlatform({ ...draft, credentials: '{"key": "v"}' })).toMatchObject({ platform: { other_credentials: { key: 'v' } } });
    for (const credentials of ['null', '"text"', '[]', '{']) expect(checkPlatform({ ...draft, credentials }), credentials).toMatchObject({ errors: { credentials: expect.any(String) } });
    for (const dailyLimit of ['0', '1.5', '', 'ten']) expect(checkPlatform({ ...draft, dailyLimit }), dailyLimit).toEqual({ errors: { dailyLimit: OrganizationMessages.dailyLimitInvalid } });
    expect(checkPlatform({ ...draft, mediaTypes: [] })).toMatchObject({ errors: { mediaTypes: expect.any(String) } });
  });
});

describe('system message rules (part 1 §5)', () => {
  it('text required; duration a whole number of ms from 0 in steps of 1000', () => {
    const draft = { type: 'info' as const, message: ' Hi ', duration: '5000', isActive: true };
    expect(checkSystemMessage(draft)).toEqual({ message: { type: 'info', message: 'Hi', duration: 5000, is_active: true } });
    expect(checkSystemMessage({ ...draft, message: ' ' })).toEqual({ errors: { message: NotificationMessages.systemMessageRequired } });
    for (const duration of ['-1000', '500', '1000.5', '', 'x']) expect(checkSystemMessage({ ...draft, duration }), duration).toEqual({ errors: { duration: NotificationMessages.systemMessageDuration } });
    expect(checkSystemMessage({ ...draft, duration: '0' })).toMatchObject({ message: { duration: 0 } });
    expect(durationText(0)).toBe('until closed');
    expect(durationText(5000)).toBe('for 5 s');
  });
});

describe('blog rules (part 1 §5)', () => {
  it('the post slug follows the title (lowercase, punctuation stripped, spaces to hyphens) until typed by hand', () => {
    const titled = withTitle(emptyPost(), 'Ten Tips: Spring, 2026!');
    expect(titled.slug).toBe('ten-tips-spring-2026');
    expect(withTitle({ ...titled, slug: 'mine', slugEdited: true }, 'Other').slug).toBe('mine');
  });

  it('a post needs title, slug and content; the image is optional but an http(s) URL', () => {
    const draft = { ...withTitle(emptyPost(), 'Hello'), content: '<p>x</p>' };
    expect(checkPost(draft)).toMatchObject({ post: { title: 'Hello', slug: 'hello', excerpt: null, featured_image: null, is_published: false, categories: [] } });
    expect(checkPost({ ...draft, content: '  ' })).toEqual({ errors: { form: ContentMessages.postFieldsRequired } });
    expect(checkPost({ ...draft, slug: '!!' })).toEqual({ errors: { form: ContentMessages.postFieldsRequired } });
    expect(checkPost({ ...draft, featuredImage: 'ftp://x/y.png' })).toEqual({ errors: { featuredImage: ContentMessages.featuredImageUrl } });
    expect(checkPost({ ...draft, slug: 'My Slug', excerpt: ' Short ' })).toMatchObject({ post: { slug: 'my-slug', excerpt: 'Short' } });
  });

  it('a category needs name and slug', () => {
    expect(checkCategory({ name: 'News', slug: '', slugEdited: true, description: '' })).toEqual({ error: ContentMessages.categoryNameAndSlugRequired });
    expect(checkCategory({ name: ' ', slug: 'news', slugEdited: true, description: '' })).toEqual({ error: ContentMessages.categoryNameAndSlugRequired });
    expect(checkCategory({ name: 'News ', slug: 'News', slugEdited: true, description: ' d ' })).toEqual({ category: { name: 'News', slug: 'news', description: 'd' } });
  });
});

describe('texts', () => {
  it('a failure: the server’s reason for a refusal, else the spec’s words', () => {
    expect(failureText(apiError(409, { message: 'Taken.' }), 'Failed')).toBe('Taken.');
    expect(failureText(apiError(500, { message: 'internal detail' }), 'Failed')).toBe('Failed');
    expect(failureText(apiError(400, null), 'Failed')).toBe('Failed');
    expect(failureText(new Error('network'), 'Failed')).toBe('Failed');
  });

  it('dates read dd/Mon/yyyy hh:mm', () => {
    expect(formatDateTime(new Date(2026, 2, 5, 9, 7).toISOString())).toBe('05/Mar/2026 09:07');
    expect(formatDateTime(null)).toBe('—');
  });
});
