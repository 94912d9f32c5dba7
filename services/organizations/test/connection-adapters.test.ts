import { describe, expect, it } from 'vitest';
import { connectionConfigSchema } from '../src/adapters/config.js';
import { providersFrom } from '../src/adapters/index.js';

const credentials = {
  X_CLIENT_ID: 'x-id',
  X_CLIENT_SECRET: 'x-secret',
  FACEBOOK_APP_ID: 'fb-id',
  FACEBOOK_APP_SECRET: 'fb-secret',
  INSTAGRAM_CLIENT_ID: 'ig-id',
  INSTAGRAM_CLIENT_SECRET: 'ig-secret',
  THREADS_CLIENT_ID: 'th-id',
  THREADS_CLIENT_SECRET: 'th-secret',
  YOUTUBE_CLIENT_ID: 'yt-id',
  YOUTUBE_CLIENT_SECRET: 'yt-secret',
  LINKEDIN_CLIENT_ID: 'li-id',
  LINKEDIN_CLIENT_SECRET: 'li-secret',
  TIKTOK_CLIENT_KEY: 'tt-key',
  TIKTOK_CLIENT_SECRET: 'tt-secret',
};
const config = connectionConfigSchema.parse({ NODE_ENV: 'test', ...credentials });
const { oauth, telegram } = providersFrom(config);
const link = (platform: keyof typeof oauth) => oauth[platform].authorizationUrl({ state: 'the-state', redirectUri: `https://app.example/api/oauth/${platform}/callback` });

describe('provider adapters by default point at the real providers', () => {
  it.each([
    ['x', 'https://x.com/i/oauth2/authorize'],
    ['facebook', 'https://www.facebook.com/v27.0/dialog/oauth'],
    ['instagram', 'https://www.instagram.com/oauth/authorize'],
    ['threads', 'https://threads.net/oauth/authorize'],
    ['youtube', 'https://accounts.google.com/o/oauth2/v2/auth'],
    ['linkedin', 'https://www.linkedin.com/oauth/v2/authorization'],
    ['tiktok', 'https://www.tiktok.com/v2/auth/authorize/'],
  ] as const)('%s: authorization page %s with the state, redirect URI and code response', (platform, page) => {
    const url = new URL(link(platform).url);
    expect(`${url.origin}${url.pathname}`).toBe(page);
    expect(url.searchParams.get('state')).toBe('the-state');
    expect(url.searchParams.get('redirect_uri')).toBe(`https://app.example/api/oauth/${platform}/callback`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(oauth[platform].configured).toBe(true);
  });

  it('uses PKCE where the provider asks for it (X, TikTok) and names the client as each provider does', () => {
    for (const platform of ['x', 'tiktok'] as const) {
      const { url, codeVerifier } = link(platform);
      expect(codeVerifier).toBeTruthy();
      expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
    }
    expect(link('facebook').codeVerifier).toBeUndefined();
    expect(new URL(link('tiktok').url).searchParams.get('client_key')).toBe('tt-key');
    expect(new URL(link('tiktok').url).searchParams.get('scope')).toBe('user.info.basic,user.info.profile,video.publish');
    expect(new URL(link('youtube').url).searchParams.get('access_type')).toBe('offline');
    expect(new URL(link('linkedin').url).searchParams.get('scope')).toBe('openid profile email w_member_social');
    const pages = providersFrom(connectionConfigSchema.parse({ NODE_ENV: 'test', ...credentials, LINKEDIN_ORGANIZATION_PAGES: 'true' })).oauth.linkedin;
    expect(pages.pagesEnabled && !oauth.linkedin.pagesEnabled).toBe(true);
    const pageScopes = new URL(pages.authorizationUrl({ state: 's', redirectUri: 'https://app.example/cb' }).url).searchParams.get('scope');
    expect(pageScopes).toBe('openid profile email w_member_social w_organization_social r_organization_social rw_organization_admin');
  });

  it('is not configured without both client id and secret; Telegram without a bot token', () => {
    const bare = providersFrom(connectionConfigSchema.parse({ NODE_ENV: 'test', X_CLIENT_ID: 'only-id' }));
    expect(Object.values(bare.oauth).map((p) => p.configured)).toEqual([false, false, false, false, false, false, false]);
    expect(bare.telegram.configured).toBe(false);
    expect(telegram.configured).toBe(false);
    expect(config.TELEGRAM_API_URL).toBe('https://api.telegram.org');
  });
});
