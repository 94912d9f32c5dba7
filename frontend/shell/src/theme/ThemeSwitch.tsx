import { useEffect, useState } from 'react';
import { applyTheme, storedTheme, THEME_CHOICES, THEME_KEY, type ThemeChoice } from './theme.js';

const LABELS: Record<ThemeChoice, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** Light, dark or the system's theme; a choice made in another tab is followed here. */
export function ThemeSwitch() {
  const [choice, setChoice] = useState<ThemeChoice>(storedTheme);

  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key !== THEME_KEY && event.key !== null) return;
      const next = storedTheme();
      applyTheme(next);
      setChoice(next);
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, []);

  const choose = (next: ThemeChoice) => {
    applyTheme(next);
    setChoice(next);
  };

  return (
    <div className="theme-switch" role="group" aria-label="Theme">
      {THEME_CHOICES.map((option) => (
        <button key={option} type="button" aria-pressed={choice === option} onClick={() => choose(option)}>
          {LABELS[option]}
        </button>
      ))}
    </div>
  );
}
