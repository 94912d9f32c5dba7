import { describe, expect, it } from 'vitest';
import { COMMON_TIMEZONES, OrganizationMessages, OrganizationRequests, organizationSchema, type OrganizationFacts, type TimezoneOption } from '@planner/contracts';
import { bearer } from '@planner/service-kit/testing';
import { outboxEventsOf, registered, useOrganizations } from './harness.js';

const h = useOrganizations();

async function ownerWithOrganization() {
  const user = await registered(h.ctx, 'pro');
  const org = organizationSchema.parse((await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Zoned' }, headers: bearer(user.token) })).json());
  const put = (payload: object, token = user.token) => h.api.send({ method: 'PUT', url: `/organizations/${org.id}`, payload, headers: bearer(token) });
  return { user, org, put };
}

describe('an organization’s time zone', () => {
  it('is UTC until the owner sets a zone, which the organization then shows and other services are told', async () => {
    const { user, org, put } = await ownerWithOrganization();
    expect(org.timezone).toBe('UTC');
    expect((await h.ctx.bus.request<OrganizationFacts>(OrganizationRequests.facts, { organization_id: org.id })).timezone).toBe('UTC');

    const set = await put({ timezone: 'Asia/Tokyo' });
    expect(set.statusCode).toBe(200);
    expect(organizationSchema.parse(set.json())).toMatchObject({ id: org.id, timezone: 'Asia/Tokyo', name: 'Zoned' });
    expect((await h.api.send({ method: 'GET', url: `/organizations/${org.id}`, headers: bearer(user.token) })).json().timezone).toBe('Asia/Tokyo');
    expect((await h.api.send({ method: 'GET', url: '/organizations', headers: bearer(user.token) })).json()).toEqual([expect.objectContaining({ id: org.id, timezone: 'Asia/Tokyo' })]);
    expect(await h.ctx.bus.request<OrganizationFacts>(OrganizationRequests.facts, { organization_id: org.id })).toMatchObject({ organization_id: org.id, timezone: 'Asia/Tokyo' });

    // Another spelling of a known zone is stored as the list offers it.
    expect((await put({ timezone: 'america/new_york' })).json().timezone).toBe('America/New_York');
    expect((await h.ctx.bus.request<OrganizationFacts>(OrganizationRequests.facts, { organization_id: org.id })).timezone).toBe('America/New_York');

    const ref = { organizationId: org.id, ownerId: user.id };
    expect((await outboxEventsOf(h.ctx, org.id)).filter((event) => event.subject === 'organizations.organization.updated')).toEqual([
      { subject: 'organizations.organization.updated', data: { ...ref, changes: { timezone: 'Asia/Tokyo' } } },
      { subject: 'organizations.organization.updated', data: { ...ref, changes: { timezone: 'America/New_York' } } },
    ]);
  });

  it('refuses an unknown zone and a zone with another setting, changing nothing and telling nothing', async () => {
    const { user, org, put } = await ownerWithOrganization();
    for (const [payload, message] of [
      [{ timezone: 'Mars/Olympus_Mons' }, OrganizationMessages.unknownTimezone],
      [{ timezone: '+02:00' }, OrganizationMessages.unknownTimezone],
      [{ timezone: '' }, OrganizationMessages.unknownTimezone],
      [{ timezone: 5 }, OrganizationMessages.unknownTimezone],
      [{ timezone: null }, OrganizationMessages.unknownTimezone],
      [{ timezone: 'Europe/Paris', name: 'Renamed' }, 'Please change one setting at a time: name, language, default_before_post_review_time or timezone.'],
      [{ timezone: 'Europe/Paris', language: 'fr-FR' }, OrganizationMessages.oneFieldAtATime],
    ] as const) {
      const refused = await put(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect((await h.api.send({ method: 'GET', url: `/organizations/${org.id}`, headers: bearer(user.token) })).json()).toMatchObject({ name: 'Zoned', language: 'en-US', timezone: 'UTC' });
    expect((await outboxEventsOf(h.ctx, org.id)).map((event) => event.subject)).toEqual(['organizations.organization.created']);
  });

  it('answers another user’s organization with 404, and leaves its zone alone', async () => {
    const { user, org } = await ownerWithOrganization();
    const stranger = await registered(h.ctx, 'pro');
    const refused = await h.api.send({ method: 'PUT', url: `/organizations/${org.id}`, payload: { timezone: 'Europe/London' }, headers: bearer(stranger.token) });
    expect(refused.statusCode).toBe(404);
    expect((await h.api.send({ method: 'GET', url: `/organizations/${org.id}`, headers: bearer(user.token) })).json().timezone).toBe('UTC');
  });

  it('offers the spec’s 9 common zones first, then every other, to a logged-in caller', async () => {
    const user = await registered(h.ctx, 'basic');
    const listed = await h.api.send({ method: 'GET', url: '/organizations/timezones', headers: bearer(user.token) });
    expect(listed.statusCode).toBe(200);
    const options = listed.json() as TimezoneOption[];
    expect(options.slice(0, 9)).toEqual(COMMON_TIMEZONES.map((zone) => ({ ...zone, common: true })));
    expect(options.length).toBeGreaterThan(300);
    expect(options.slice(9).map((option) => option.value)).toContain('Europe/Berlin');
    expect(new Set(options.map((option) => option.value)).size).toBe(options.length);
    expect((await h.api.send({ method: 'GET', url: '/organizations/timezones' })).statusCode).toBe(401);
  });
});
