import { describe, expect, it } from 'vitest';
import { POST_STATUSES } from '@planner/contracts';
import { actionsFor } from '../src/post-review.js';

describe('what a card offers (docs/decisions/post-review.md’s transitions table)', () => {
  it('sends back to review (POST /posts/{id}/clear) an approved post only', () => {
    const sendBack = POST_STATUSES.filter((status) => actionsFor(status).includes('sendBack'));
    expect(sendBack).toEqual(['approved']);
  });
});
