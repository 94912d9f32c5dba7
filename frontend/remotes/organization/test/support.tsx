import type { PublicUser, TimezoneOption } from '@planner/contracts';
import type { OrganizationConfig, PlatformConnection, Template } from '@planner/remote-contract';
import { testHost, user, type Call } from '../../account/test/support.js';

// The account remote's host stand-in and renderer serve every remote's page tests.
export { apiError, renderPage, user, type Call } from '../../account/test/support.js';

export const ORG_ID = '00000000-0000-4000-8000-0000000000aa';

export function template(id: string, name: string, over: Partial<Template> = {}): Template {
  return {
    id,
    template_name: name,
    is_default: false,
    data: 'We bake bread',
    content_type: 'general',
    topic: null,
    context: null,
    time_of_year: null,
    event_details: null,
    tone: 'casual',
    mood: null,
    language: 'en-US',
    character_limit: null,
    target_character_count: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...over,
  };
}

const NOT_CONNECTED: PlatformConnection = { is_connected: false, url: null, specific_data: {} };

export function config(over: { templates?: Template[]; platforms?: Record<string, PlatformConnection>; is_active?: boolean } = {}): OrganizationConfig {
  const platforms = Object.fromEntries(['X', 'FACEBOOK', 'INSTAGRAM', 'THREADS', 'YOUTUBE', 'LINKEDIN', 'TIKTOK', 'TELEGRAM'].map((p) => [p, NOT_CONNECTED]));
  return {
    organization: {
      id: ORG_ID,
      name: 'Acme Bakery',
      created_at: '2026-03-01T10:00:00.000Z',
      is_active: over.is_active ?? true,
      deactivated_at: null,
      deactivation_reason: null,
      language: 'en-US',
      default_before_post_review_time: 90,
      timezone: 'UTC',
      platforms: { ...platforms, ...over.platforms },
    },
    templates: over.templates ?? [],
    supportedPlatforms: ['X', 'FACEBOOK'],
  };
}

/** A host with Acme Bakery selected whose API answers its config from `answer`, the time zones from `timezones` and other calls from `change`. */
export function configHost(
  options: { answer?: () => OrganizationConfig; change?: (call: Call) => unknown; user?: Partial<PublicUser>; selected?: boolean; timezones?: TimezoneOption[] } = {},
) {
  const test = testHost(
    (call) => {
      if (call.method === 'GET' && call.path === `/organizations/${ORG_ID}/config`) return (options.answer ?? (() => config()))();
      if (call.method === 'GET' && call.path === '/organizations/timezones') return options.timezones ?? [{ value: 'UTC', label: 'UTC', common: true }];
      return options.change?.(call) ?? {};
    },
    user({ role: 'pro', ...options.user }),
  );
  test.host.organization = options.selected === false ? null : { id: ORG_ID, name: 'Acme Bakery', is_active: true };
  return test;
}
