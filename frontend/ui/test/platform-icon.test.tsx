import { CONNECTION_PLATFORMS, PLATFORM_DISPLAY_NAMES } from '@planner/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { platformColor, PlatformIcon, platformOfName } from '../src/PlatformIcon.js';

describe('PlatformIcon', () => {
  afterEach(cleanup);

  it.each(CONNECTION_PLATFORMS)('draws %s and names it for screen readers', (platform) => {
    render(<PlatformIcon platform={platform} />);
    const icon = screen.getByRole('img', { name: PLATFORM_DISPLAY_NAMES[platform] });
    expect(icon.querySelector('path')?.getAttribute('d')).toMatch(/^M[\d.]/);
    // A black mark takes the text's colour (white on the dark theme).
    expect(icon.getAttribute('fill')).toBe(platformColor(platform) === '#000000' ? 'currentColor' : platformColor(platform));
  });

  it('gives every platform its own mark', () => {
    const { container } = render(
      <>
        {CONNECTION_PLATFORMS.map((platform) => (
          <PlatformIcon key={platform} platform={platform} />
        ))}
      </>,
    );
    const paths = [...container.querySelectorAll('path')].map((p) => p.getAttribute('d'));
    expect(new Set(paths).size).toBe(CONNECTION_PLATFORMS.length);
  });

  it('as an image: the same mark in the brand colour, one data URL per platform, named unless decorative', () => {
    const { container } = render(
      <>
        <PlatformIcon platform="x" as="image" size={14} />
        <PlatformIcon platform="x" as="image" decorative />
        <PlatformIcon platform="telegram" as="image" />
      </>,
    );
    const [named, decorative, telegram] = [...container.querySelectorAll('img')];
    expect(screen.getByRole('img', { name: 'X' })).toBe(named);
    expect(named!.getAttribute('width')).toBe('14');
    expect(decorative!.getAttribute('alt')).toBe('');
    expect(decorative!.getAttribute('src')).toBe(named!.getAttribute('src'));
    const svg = decodeURIComponent(telegram!.getAttribute('src')!.replace('data:image/svg+xml,', ''));
    expect(svg).toContain(`fill="${platformColor('telegram')}"`);
    expect(svg).toMatch(/<path d="M[\d.]/);
    // A black mark is marked for the dark theme's inversion; a coloured one is not.
    expect(named!.classList.contains('platform-icon-black-mark')).toBe(true);
    expect(telegram!.classList.contains('platform-icon-black-mark')).toBe(false);
  });

  it('is hidden from screen readers when decorative, and takes the text colour when asked', () => {
    const { container } = render(<PlatformIcon platform="linkedin" decorative tone="current" size={16} />);
    expect(screen.queryByRole('img')).toBeNull();
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('fill')).toBe('currentColor');
    expect(svg?.getAttribute('width')).toBe('16');
  });

  it('finds the platform of a name as posts and statistics write it, any case; none for another name', () => {
    expect(platformOfName('LinkedIn')).toBe('linkedin');
    expect(platformOfName(' YOUTUBE ')).toBe('youtube');
    expect(platformOfName('X')).toBe('x');
    expect(platformOfName('Mastodon')).toBeNull();
  });
});
