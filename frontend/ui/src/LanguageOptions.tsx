import { LANGUAGE_GROUPS } from '@planner/contracts';

/** The options of a language select, grouped as part 2 §2 groups them (the organization's language, the generator's). */
export function LanguageOptions() {
  return LANGUAGE_GROUPS.map(([group, codes]) => (
    <optgroup key={group} label={group}>
      {codes.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </optgroup>
  ));
}
