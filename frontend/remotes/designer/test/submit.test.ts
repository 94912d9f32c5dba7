import { describe, expect, it } from 'vitest';
import { PostMessages } from '@planner/contracts';
import { InvalidResponseError, isPublishResponse, linksOfFailure, savedMediaPaths, submissionForm, submitErrorText } from '../src/post-form/submit.js';
import { apiError, formFields, ORG_ID } from './support.js';

const base = {
  organizationId: ORG_ID,
  platformNames: ['X', 'LinkedIn'],
  content: 'Fresh bread',
  mediaType: 'image' as const,
  mediaUrls: ['/api/media/a/b.jpg'],
  files: [new File(['x'], 'loaf.png', { type: 'image/png' })],
};

describe('the submit (part 2 §7, §8)', () => {
  it('sends organization_id first and the files last; later adds its time and the original request’s fields', () => {
    const later = submissionForm({
      ...base,
      mode: 'later',
      draftId: 'd1',
      scheduledTime: '2026-07-01T13:30',
      requestFields: { business_data: 'Bakery', content_type: 'news', topic: 'Bread', context: '', time_of_year: '', event_details: '' },
    });
    expect(formFields(later)).toEqual([
      ['organization_id', ORG_ID],
      ['platforms', 'X,LinkedIn'],
      ['content', 'Fresh bread'],
      ['media_type', 'image'],
      ['draft_id', 'd1'],
      ['scheduled_time', '2026-07-01T13:30'],
      ['business_data', 'Bakery'],
      ['content_type', 'news'],
      ['topic', 'Bread'],
      ['context', ''],
      ['time_of_year', ''],
      ['event_details', ''],
      ['media_urls', '/api/media/a/b.jpg'],
      ['media', 'loaf.png'],
    ]);
    const now = submissionForm({ ...base, mode: 'now', postId: 'p1', scheduledTime: '2026-07-01T13:30', files: [] });
    expect(formFields(now)).toEqual([
      ['organization_id', ORG_ID],
      ['platforms', 'X,LinkedIn'],
      ['content', 'Fresh bread'],
      ['media_type', 'image'],
      ['post_id', 'p1'],
      ['media_urls', '/api/media/a/b.jpg'],
    ]);
  });

  it('shows the server’s words as they are, else the action’s fallback; no answer at all is the outer fallback', () => {
    const refused = apiError(502, { message: 'Failed to publish: X: duplicate', posted_links: ['https://linkedin.example/1'] });
    expect(submitErrorText(refused, 'now', false)).toBe('Failed to publish: X: duplicate');
    expect(linksOfFailure(refused)).toEqual(['https://linkedin.example/1']);
    expect(submitErrorText(apiError(400, { message: PostMessages.scheduledTimeInPast }), 'later', false)).toBe(PostMessages.scheduledTimeInPast);
    expect(submitErrorText(apiError(500, null), 'now', false)).toBe(PostMessages.publishFailed);
    expect(submitErrorText(apiError(500, null), 'later', false)).toBe(PostMessages.unexpectedError);
    expect(submitErrorText(apiError(500, null), 'later', true)).toBe(PostMessages.updateFailed);
    expect(submitErrorText(new TypeError('x is undefined'), 'later', false)).toBe(PostMessages.schedulingError);
    expect(submitErrorText(new InvalidResponseError('now'), 'now', false)).toBe(PostMessages.publishInvalidResponse);
    expect(submitErrorText(new InvalidResponseError('later'), 'later', false)).toBe(PostMessages.scheduleInvalidResponse);
  });

  it('takes a publish response only with its message and links, and reads the stored paths of its post', () => {
    expect(isPublishResponse({ message: 'ok', posted_links: [] })).toBe(true);
    expect(isPublishResponse({ message: 'ok' })).toBe(false);
    expect(isPublishResponse(null)).toBe(false);
    expect(savedMediaPaths({ message: 'ok', posted_links: [], post: { media_paths: 'o/a.jpg, o/b.png' } as never })).toEqual(['o/a.jpg', 'o/b.png']);
  });
});
