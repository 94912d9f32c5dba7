/**
 * The colour theme: the system's (prefers-color-scheme, followed by the stylesheet's `color-scheme: light dark`)
 * unless the user chose light or dark with the theme switch, which is remembered in localStorage and set as
 * <html data-theme>. index.html's inline script sets the same attribute before the first paint (no flash).
 */
export type ThemeChoice = 'light' | 'dark' | 'system';

/** The localStorage key of the user's choice (index.html's inline script reads it too). */
export const THEME_KEY = 'theme';

export const THEME_CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'system'];

/** The stored choice; `system` when there is none (or storage cannot be read). */
export function storedTheme(storage: Pick<Storage, 'getItem'> = window.localStorage): ThemeChoice {
  try {
    const value = storage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/** Shows `choice` on the page and remembers it; `system` forgets the choice, so the system's setting applies. */
export function applyTheme(choice: ThemeChoice, storage: Pick<Storage, 'setItem' | 'removeItem'> = window.localStorage) {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  try {
    if (choice === 'system') storage.removeItem(THEME_KEY);
    else storage.setItem(THEME_KEY, choice);
  } catch {
    // Private mode without storage: the choice holds for this page only.
  }
}
