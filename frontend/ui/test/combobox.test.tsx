import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Combobox, matchingOptions, type ComboboxOption } from '../src/Combobox.js';

const ZONES: ComboboxOption[] = [
  { value: 'Europe/Berlin', label: '(UTC+01:00) Berlin' },
  { value: 'Europe/Paris', label: '(UTC+01:00) Paris' },
  { value: 'America/Sao_Paulo', label: '(UTC-03:00) São Paulo' },
  { value: 'Asia/Tokyo', label: '(UTC+09:00) Tokyo' },
];

function TimeZone({ initial = 'Europe/Berlin' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Combobox label="Time zone" options={ZONES} value={value} onChange={setValue} hint="Type a city" />
      <output aria-label="chosen">{value}</output>
    </>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Time zone' });

describe('matchingOptions', () => {
  it('keeps the options holding every word typed, ignoring case and accents', () => {
    expect(matchingOptions(ZONES, 'sao').map((o) => o.value)).toEqual(['America/Sao_Paulo']);
    expect(matchingOptions(ZONES, '+01 PAR').map((o) => o.value)).toEqual(['Europe/Paris']);
    expect(matchingOptions(ZONES, '  ')).toHaveLength(4);
  });
});

describe('Combobox', () => {
  afterEach(cleanup);

  it('is a labelled combobox showing the chosen option, its hint read with it, its list closed', () => {
    render(<TimeZone />);
    expect((input() as HTMLInputElement).value).toBe('(UTC+01:00) Berlin');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Type a city').id).toBe(input().getAttribute('aria-describedby'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('narrows the list as one types; arrows move the active option, Enter chooses it', async () => {
    render(<TimeZone />);
    await userEvent.clear(input());
    await userEvent.type(input(), '+01');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['(UTC+01:00) Berlin', '(UTC+01:00) Paris']);
    expect(input().getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(input().getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText('chosen').textContent).toBe('Europe/Paris');
    expect((input() as HTMLInputElement).value).toBe('(UTC+01:00) Paris');
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('says when nothing matches; Escape, or leaving the field, restores the chosen option', async () => {
    render(<TimeZone />);
    await userEvent.clear(input());
    await userEvent.type(input(), 'Atlantis');
    expect(screen.getByRole('option').textContent).toBe('No match');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText('chosen').textContent).toBe('Europe/Berlin');
    await userEvent.keyboard('{Escape}');
    expect((input() as HTMLInputElement).value).toBe('(UTC+01:00) Berlin');
    await userEvent.type(input(), ' nowhere');
    await userEvent.tab();
    expect((input() as HTMLInputElement).value).toBe('(UTC+01:00) Berlin');
  });

  it('ArrowDown opens the list on the chosen option; a click chooses', async () => {
    render(<TimeZone initial="Asia/Tokyo" />);
    input().focus();
    await userEvent.keyboard('{ArrowDown}');
    const tokyo = screen.getByRole('option', { name: '(UTC+09:00) Tokyo' });
    expect(input().getAttribute('aria-activedescendant')).toBe(tokyo.id);
    await userEvent.click(screen.getByRole('option', { name: '(UTC-03:00) São Paulo' }));
    expect(screen.getByLabelText('chosen').textContent).toBe('America/Sao_Paulo');
  });
});
