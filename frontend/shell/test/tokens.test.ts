import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The stylesheet's colour tokens, each as its light and dark value (`--name: light-dark(#light, #dark)`). */
function colourTokens(): Map<string, { light: string; dark: string }> {
  const css = readFileSync(path.resolve(import.meta.dirname, '..', 'src', 'styles.css'), 'utf8');
  const tokens = new Map<string, { light: string; dark: string }>();
  for (const [, name, light, dark] of css.matchAll(/(--[\w-]+): light-dark\((#[0-9a-f]{6}), (#[0-9a-f]{6})\);/gi)) tokens.set(name!, { light: light!, dark: dark! });
  return tokens;
}

/** WCAG 2's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/** Text on the background it is used on (AA: 4.5), and a control's edge on its surface (3). */
const TEXT_PAIRS = [
  ...['--text', '--muted', '--accent', '--danger', '--success'].flatMap((text) => ['--bg', '--surface', '--surface-2'].map((bg) => [text, bg])),
  ['--accent-dark', '--surface'], ['--on-accent', '--accent'], ['--on-accent', '--accent-dark'], ['--accent-soft-text', '--accent-soft'], ['--accent', '--accent-soft'],
  ['--on-danger', '--danger'], ['--on-danger', '--danger-soft-text'], ['--danger-soft-text', '--danger-soft'],
  ['--on-success', '--success'], ['--success-soft-text', '--success-soft'],
  ['--on-warning', '--warning'], ['--warning-soft-text', '--warning-soft'],
  ['--neutral-soft-text', '--neutral-soft'], ['--muted', '--neutral-soft'], ['--on-inverse', '--inverse'], ['--highlight-text', '--highlight'], ['--slot', '--surface'],
] as const;

describe('colour tokens (issue 30: accessible contrast in both themes)', () => {
  const tokens = colourTokens();

  it('give every colour a light and a dark value', () => {
    expect(tokens.size).toBeGreaterThanOrEqual(30);
    for (const name of ['--bg', '--surface', '--text', '--accent', '--accent-dark', '--danger', '--success', '--border', '--muted']) expect(tokens.has(name), name).toBe(true);
  });

  it.each(['light', 'dark'] as const)('meet WCAG AA in the %s theme', (theme) => {
    const failing: string[] = [];
    for (const [text, background] of TEXT_PAIRS) {
      const ratio = contrast(tokens.get(text)![theme], tokens.get(background)![theme]);
      if (ratio < 4.5) failing.push(`${text} on ${background}: ${ratio.toFixed(2)}`);
    }
    const edge = contrast(tokens.get('--border-strong')![theme], tokens.get('--surface')![theme]);
    if (edge < 3) failing.push(`--border-strong on --surface: ${edge.toFixed(2)}`);
    expect(failing).toEqual([]);
  });
});
