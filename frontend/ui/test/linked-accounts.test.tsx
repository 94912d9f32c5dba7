import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformConnection } from '@planner/remote-contract';
import { Collapsible } from '../src/Collapsible.js';
import { accountName, LinkedAccounts } from '../src/LinkedAccounts.js';

afterEach(cleanup);

const connected = (specific_data: Record<string, unknown>, over: Partial<PlatformConnection> = {}): PlatformConnection => ({
  is_connected: true,
  url: null,
  specific_data,
  ...over,
});

describe('LinkedAccounts', () => {
  it('counts the connected accounts and lists them in the spec order with their icons, names and Sandbox badge', () => {
    render(
      <MemoryRouter>
        <LinkedAccounts
          platforms={{
            LINKEDIN: connected({ organization_name: 'Acme Ltd' }, { sandbox: true }),
            X: connected({ username: 'acme' }),
            FACEBOOK: { is_connected: false, url: null, specific_data: {} },
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('(2)')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Linked accounts' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.trim())).toEqual(['X · acme', 'LinkedIn · Acme Ltd Sandbox']);
    expect(items[0]!.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
  });

  it("says 'No Linked Accounts' with a link to the configuration, and blurs when asked", () => {
    const { container } = render(
      <MemoryRouter>
        <LinkedAccounts platforms={{}} blurred />
      </MemoryRouter>,
    );
    expect(screen.getByText(/No Linked Accounts/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configure Accounts' }).getAttribute('href')).toBe('/organization/config');
    expect(container.querySelector('.blurred')).toBeTruthy();
  });

  it('names an account by its page, organization, channel or user name', () => {
    expect(accountName(connected({ page_name: 'Page', username: 'user' }))).toBe('Page');
    expect(accountName(connected({ channel_title: 'Channel' }))).toBe('Channel');
    expect(accountName(connected({}))).toBeNull();
  });
});

describe('Collapsible', () => {
  it('opens and closes on its own, or as its owner says', async () => {
    render(
      <Collapsible title="Generator" initiallyOpen={false}>
        <p>Body</p>
      </Collapsible>,
    );
    const toggle = screen.getByRole('button', { name: /Generator/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Body')).toBeTruthy();
    cleanup();

    const asked: boolean[] = [];
    render(
      <Collapsible title="Generator" open={false} onOpenChange={(open) => asked.push(open)}>
        <p>Body</p>
      </Collapsible>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Generator/ }));
    expect(asked).toEqual([true]);
    expect(screen.getByRole('button', { name: /Generator/ }).getAttribute('aria-expanded')).toBe('false');
  });
});
