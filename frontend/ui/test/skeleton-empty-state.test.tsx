import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyState } from '../src/EmptyState.js';
import { LoadingRegion, Skeleton } from '../src/Skeleton.js';

afterEach(cleanup);

describe('Skeleton and LoadingRegion', () => {
  it('draws shapes hidden from screen readers inside a busy status that says what loads', () => {
    render(<LoadingRegion label="Loading posts…" lines={2} blocks={1} />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('Loading posts…');
    const shapes = [...status.querySelectorAll('.skeleton')];
    expect(shapes.map((shape) => shape.className)).toEqual(['skeleton skeleton-heading', 'skeleton', 'skeleton', 'skeleton skeleton-block']);
    expect(shapes.every((shape) => shape.getAttribute('aria-hidden') === 'true')).toBe(true);
  });

  it('takes its own outline and a size', () => {
    render(
      <LoadingRegion>
        <Skeleton width="12rem" height={40} />
      </LoadingRegion>,
    );
    const shape = screen.getByRole('status').querySelector<HTMLElement>('.skeleton')!;
    expect([shape.style.width, shape.style.height]).toEqual(['12rem', '40px']);
    expect(screen.getByRole('status').querySelectorAll('.skeleton')).toHaveLength(1);
  });
});

describe('EmptyState', () => {
  it('names the emptiness as a heading, says what to do next, and holds the action', () => {
    render(<EmptyState title="No posts yet" headingLevel={3} action={<button type="button">Create a post</button>}>Generate your first post in the designer.</EmptyState>);
    expect(screen.getByRole('heading', { level: 3, name: 'No posts yet' })).toBeTruthy();
    expect(screen.getByText('Generate your first post in the designer.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create a post' })).toBeTruthy();
  });
});
