import { useId } from 'react';
import { daysInMonth, displayOf, MONTHS, partsOf, skippedTimeNote, valueOf, type PickerParts } from './schedule-time.js';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const two = (n: number) => String(n).padStart(2, '0');

/**
 * Part 2 §5's time picker: day, month, year, hour and minute in the
 * organization's time zone (named), read back as DD/Mon/YYYY HH:mm; its value
 * is YYYY-MM-DDTHH:mm.
 */
export function SchedulePicker({ value, onChange, timeZone, thisYear, error }: { value: string; onChange: (value: string) => void; timeZone: string; thisYear: number; error: string | null }) {
  const id = useId();
  const parts = partsOf(value) ?? { year: thisYear, month: 1, day: 1, hour: 9, minute: 0 };
  const change = (field: keyof PickerParts) => (event: { target: { value: string } }) => onChange(valueOf({ ...parts, [field]: Number(event.target.value) }));
  const years = range(Math.min(thisYear, parts.year), Math.max(thisYear + 2, parts.year));
  const columns: [keyof PickerParts, string, { value: number; label: string }[]][] = [
    ['day', 'Day', range(1, daysInMonth(parts.year, parts.month)).map((n) => ({ value: n, label: two(n) }))],
    ['month', 'Month', MONTHS.map((label, i) => ({ value: i + 1, label }))],
    ['year', 'Year', years.map((n) => ({ value: n, label: String(n) }))],
    ['hour', 'Hour', range(0, 23).map((n) => ({ value: n, label: two(n) }))],
    ['minute', 'Minute', range(0, 59).map((n) => ({ value: n, label: two(n) }))],
  ];
  const skipped = skippedTimeNote(value, timeZone);
  return (
    <fieldset className="schedule-picker" aria-describedby={`${id}-when`}>
      <legend>Publish on (time zone {timeZone})</legend>
      <div className="picker-parts">
        {columns.map(([field, label, options]) => (
          <div className="field" key={field}>
            <label htmlFor={`${id}-${field}`}>{label}</label>
            <select id={`${id}-${field}`} value={parts[field]} onChange={change(field)} aria-invalid={error ? true : undefined}>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <p id={`${id}-when`} className="picker-readout">
        <output>{displayOf(value)}</output> ({timeZone})
      </p>
      {skipped && <p className="field-hint">{skipped}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
