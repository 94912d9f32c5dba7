import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LengthCounter, lengthOf, overLimitText } from '../src/post-form/LengthCounter.js';
import { loadCounter } from '../src/post-form/text-counting.js';

afterEach(cleanup);

const link = 'https://example.com/a/very/long/path/that/x/shortens/with/t.co?and=a&query=string';

describe('length counters (as the posts service counts)', () => {
  it('counts X as X does (a link 23, an emoji 2) and the others in code points, against each platform’s limit', async () => {
    const counter = await loadCounter();
    expect(lengthOf(counter, 'x', `Bread ${link}`, 'text')).toEqual({ length: 6 + 23, limit: 280, over: false });
    expect(lengthOf(counter, 'linkedin', `Bread ${link}`, 'text')).toEqual({ length: 6 + link.length, limit: 3000, over: false });
    expect(lengthOf(counter, 'x', '🍞'.repeat(141), 'text')).toEqual({ length: 282, limit: 280, over: true });
    expect(lengthOf(counter, 'threads', '🍞'.repeat(141), 'text').length).toBe(141);
    // Telegram: a caption under media is 1,024.
    expect(lengthOf(counter, 'telegram', 'a', 'image').limit).toBe(1024);
    expect(lengthOf(counter, 'telegram', 'a', 'text').limit).toBe(4096);
    expect(lengthOf(null, 'x', 'a', 'text')).toEqual({ length: null, limit: 280, over: false });
  });

  it('shows length / limit, marked over the limit', async () => {
    const counter = await loadCounter();
    const { rerender } = render(<LengthCounter counter={counter} platform="x" text="Hello" mediaType="text" />);
    expect(screen.getByText(/5 \/ 280/).textContent).toBe('X length: 5 / 280');
    rerender(<LengthCounter counter={counter} platform="x" text={'a'.repeat(281)} mediaType="text" />);
    expect(screen.getByText(/281 \/ 280/).textContent).toBe('X length: 281 / 280 · over the limit');
    expect(screen.getByText(/281 \/ 280/).className).toBe('length-counter over');
    expect(overLimitText('x', 281, 280)).toBe('X takes at most 280 characters: this post has 281.');
  });
});
