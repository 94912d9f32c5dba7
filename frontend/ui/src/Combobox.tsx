import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Field } from './Field.js';

export interface ComboboxOption {
  value: string;
  label: string;
}

export interface ComboboxProps {
  label: ReactNode;
  options: readonly ComboboxOption[];
  /** The chosen option's value; '' for none. */
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: ReactNode;
  /** Said in the list when no option matches what was typed. */
  noMatch?: string;
  /** The most options listed at once: a long list (time zones) is narrowed by typing. */
  maxShown?: number;
  className?: string;
}

/** The options whose label holds every word typed, in their order (case and accents ignored). */
export function matchingOptions(options: readonly ComboboxOption[], typed: string): ComboboxOption[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const words = fold(typed).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => {
    const label = fold(option.label);
    return words.every((word) => label.includes(word));
  });
}

/**
 * A select one can type into to narrow a long list (WAI-ARIA's combobox with a listbox popup; Radix has no
 * combobox, docs/decisions/design-system.md). Arrow keys move through the matches (opening the list),
 * Enter chooses, Escape closes the list and then restores the chosen option's label; leaving the field
 * without choosing restores it too, so the value is always one of the options.
 */
export function Combobox({ label, options, value, onChange, hint, error, noMatch = 'No match', maxShown = 50, className }: ComboboxProps) {
  const listId = useId();
  const chosenLabel = options.find((option) => option.value === value)?.label ?? '';
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = useMemo(() => matchingOptions(options, typed ?? '').slice(0, maxShown), [options, typed, maxShown]);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const close = () => {
    setOpen(false);
    setTyped(null);
  };
  const choose = (option: ComboboxOption) => {
    onChange(option.value);
    close();
  };
  const openAt = (index: number) => {
    setOpen(true);
    setActive(Math.max(0, Math.min(index, matches.length - 1)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(open ? active + 1 : Math.max(0, matches.findIndex((option) => option.value === value)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(open ? active - 1 : matches.length - 1);
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const option = matches[active];
      if (option) choose(option);
    } else if (event.key === 'Escape') {
      if (open) event.preventDefault();
      close();
    }
  };

  return (
    <Field label={label} hint={hint} error={error} className={['combobox', className].filter(Boolean).join(' ')}>
      {(control) => (
        <div className="combobox-control">
          <input
            {...control}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
            value={typed ?? chosenLabel}
            onChange={(event) => {
              setTyped(event.target.value);
              setOpen(true);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            onBlur={close}
          />
          <ul id={listId} role="listbox" className="combobox-list" hidden={!open} aria-label={typeof label === 'string' ? label : undefined}>
            {matches.map((option, index) => (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={option.value === value ? 'combobox-option combobox-option-chosen' : 'combobox-option'}
                // Chosen before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
                onMouseMove={() => setActive(index)}
              >
                {option.label}
              </li>
            ))}
            {matches.length === 0 && (
              <li role="option" aria-selected={false} aria-disabled="true" className="combobox-option combobox-no-match">
                {noMatch}
              </li>
            )}
          </ul>
        </div>
      )}
    </Field>
  );
}
