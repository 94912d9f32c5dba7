import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HomePage } from '../src/HomePage.js';
import { renderPage, testHost, user } from './support.js';

afterEach(cleanup);

describe('home dashboard (part 1 §2)', () => {
  it('welcomes with the role badge, three capability cards (upgrade where the plan lacks one) and the accounts summary', async () => {
    const orgs = [
      { id: 'a', name: 'Acme', is_active: true },
      { id: 'b', name: 'Beta', is_active: false },
    ];
    renderPage(HomePage, testHost(() => orgs, user({ role: 'basic' })).host, '/');
    expect(screen.getByRole('heading', { name: 'Welcome, jane' })).toBeTruthy();
    expect(screen.getByText('Basic')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toContain('Plan on the calendar');
    expect(screen.getAllByRole('link', { name: 'Upgrade to unlock' })).toHaveLength(3);
    expect(await screen.findByText('1 active of 2')).toBeTruthy();
    expect(screen.getByText('Acme')).toBeTruthy();
  });

  it('a pro user opens the features; without accounts it offers to create one', async () => {
    renderPage(HomePage, testHost(() => [], user({ role: 'pro' })).host, '/');
    expect(screen.getAllByRole('link', { name: 'Open' })).toHaveLength(3);
    expect(await screen.findByRole('link', { name: 'Create your first account' })).toBeTruthy();
  });
});
