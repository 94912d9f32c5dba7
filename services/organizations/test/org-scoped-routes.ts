import { CONNECTION_PLATFORMS } from '@planner/contracts';
import type { DataSource } from 'typeorm';

export interface ScopedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
}

const OAUTH_PLATFORMS = CONNECTION_PLATFORMS.filter((platform) => platform !== 'telegram');

/**
 * Every route that acts on one organization, naming the given organization (and two of its templates):
 * what a tenant-isolation test sends as another user. The deletion comes last.
 */
export function organizationScopedRoutes(organizationId: string, templateId: string, otherTemplateId: string): ScopedRoute[] {
  const org = `/organizations/${organizationId}`;
  const body = { organization_id: organizationId };
  const query = `organization_id=${organizationId}`;
  return [
    { method: 'GET', url: org },
    { method: 'PUT', url: org, payload: { name: 'Taken over' } },
    { method: 'PUT', url: `${org}/deactivate`, payload: { reason: 'taken over' } },
    { method: 'PUT', url: `${org}/activate` },
    ...['config', 'designer-data', 'calendar-data', 'autopost-data', 'statistics-data', 'statistics'].map((page): ScopedRoute => ({ method: 'GET', url: `${org}/${page}` })),
    { method: 'POST', url: `${org}/statistics` },
    { method: 'POST', url: `${org}/statistics/refresh` },
    { method: 'GET', url: `${org}/templates` },
    { method: 'POST', url: `${org}/templates`, payload: { template_name: 'Planted' } },
    { method: 'GET', url: `${org}/templates/${templateId}` },
    { method: 'PUT', url: `${org}/templates/${templateId}`, payload: { data: 'overwritten' } },
    { method: 'POST', url: `${org}/templates/${otherTemplateId}/set-default` },
    { method: 'DELETE', url: `${org}/templates/${otherTemplateId}` },
    { method: 'GET', url: `/platforms/user?${query}` },
    { method: 'GET', url: `/platforms/status?${query}&platform=X` },
    { method: 'GET', url: `/oauth/connections?${query}` },
    ...OAUTH_PLATFORMS.flatMap((platform): ScopedRoute[] => [
      { method: 'POST', url: `/oauth/${platform}/authorize`, payload: body },
      { method: 'GET', url: `/oauth/${platform}/authorize?${query}` },
    ]),
    { method: 'POST', url: '/oauth/facebook/authorize', payload: { ...body, auth_code: 'an-sdk-token' } },
    { method: 'GET', url: `/oauth/facebook/pages?${query}` },
    { method: 'POST', url: '/oauth/facebook/page', payload: { ...body, page_id: '1001' } },
    { method: 'POST', url: '/oauth/facebook/page', payload: { ...body, page_id: '', page_name: '', access_token: '' } },
    { method: 'GET', url: `/oauth/linkedin/pages?${query}` },
    { method: 'POST', url: '/oauth/linkedin/page', payload: { ...body, page_id: 'sandbox' } },
    { method: 'POST', url: '/oauth/linkedin/page', payload: { ...body, page_id: null } },
    { method: 'POST', url: '/oauth/telegram/connect_channel', payload: { ...body, channel_identifier: '@good_channel' } },
    { method: 'POST', url: '/oauth/telegram/channel', payload: { ...body, channel_id: '-1001234567890' } },
    { method: 'GET', url: `/oauth/telegram/channels?${query}` },
    ...CONNECTION_PLATFORMS.flatMap((platform): ScopedRoute[] => [
      { method: 'POST', url: `/oauth/${platform}/sandbox`, payload: body },
      { method: 'POST', url: `/oauth/${platform}/refresh`, payload: body },
      { method: 'POST', url: `/oauth/${platform}/disconnect`, payload: body },
    ]),
    { method: 'DELETE', url: org },
  ];
}

/** Everything stored of one organization, and how many events were written about it: equal before and after means nothing changed. */
export async function organizationState(dataSource: DataSource, organizationId: string): Promise<unknown> {
  const [state] = await dataSource.query(
    `SELECT (SELECT row_to_json(o)::text FROM organizations o WHERE o.id = $1) AS organization,
            (SELECT json_agg(t ORDER BY t.id)::text FROM templates t WHERE t.organization_id = $1) AS templates,
            (SELECT json_agg(c ORDER BY c.id)::text FROM connections c WHERE c.organization_id = $1) AS connections,
            (SELECT count(*) FROM outbox e WHERE e.envelope->'data'->>'organizationId' = $1::text) AS events`,
    [organizationId],
  );
  return state;
}
