import { z } from 'zod';
import { CONNECTION_PLATFORMS, ConnectionMessages, OrganizationMessages, PLATFORM_DISPLAY_NAMES } from '@planner/contracts';
import { requireUser, type App, type ServiceContext } from '@planner/service-kit';
import type { OAuthPlatform } from '../adapters/index.js';
import { resultPage } from '../domain/connections/callback.js';
import { Connections } from './connection-service.js';
import { organizationIdSchema } from './schemas.js';

const OAUTH_PLATFORMS = CONNECTION_PLATFORMS.filter((p): p is OAuthPlatform => p !== 'telegram');
const oauthPlatformParams = z.object({ platform: z.enum(OAUTH_PLATFORMS as [OAuthPlatform, ...OAuthPlatform[]]) });
const platformParams = z.object({ platform: z.enum(CONNECTION_PLATFORMS) });
const organizationBody = z.object({ organization_id: organizationIdSchema });
const organizationQuery = organizationBody;
const callbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/**
 * /oauth/...: connect (OAuth popup, Telegram channel, Sandbox), disconnect, refresh, Facebook pages (part 2 §7).
 * Every route but the provider's callback acts for the caller on their own organization (404 otherwise).
 */
export async function oauthRoutes(app: App, { ctx, connections = new Connections(ctx) }: { ctx: ServiceContext; connections?: Connections }): Promise<void> {
  const tags = ['connections'];

  app.get('/oauth/connections', { schema: { tags, querystring: organizationQuery } }, async (request) => {
    const organization = await connections.ownOrganization(requireUser(request), request.query.organization_id);
    return { platforms: await connections.platforms(organization.id) };
  });

  const authorize = async (userRequest: Parameters<typeof requireUser>[0], platform: OAuthPlatform, organizationId: string) => {
    const identity = requireUser(userRequest);
    const organization = await connections.configurableOrganization(identity, organizationId);
    return { redirect_url: await connections.authorize(identity, organization, platform) };
  };
  const authorizeBody = organizationBody.extend({ auth_code: z.string().max(4096).optional() });
  app.post('/oauth/:platform/authorize', { schema: { tags, params: oauthPlatformParams, body: authorizeBody } }, async (request) => {
    const { platform } = request.params;
    const { organization_id: organizationId, auth_code: authCode } = request.body;
    // Facebook may arrive with a user token from the JavaScript SDK's login instead of going through the popup.
    if (platform === 'facebook' && authCode) {
      const identity = requireUser(request);
      return connections.connectFacebookWithToken(identity, await connections.configurableOrganization(identity, organizationId), authCode);
    }
    return authorize(request, platform, organizationId);
  });
  app.get('/oauth/:platform/authorize', { schema: { tags, params: oauthPlatformParams, querystring: organizationQuery } }, (request) =>
    authorize(request, request.params.platform, request.query.organization_id),
  );

  // The provider sends the browser here without our bearer token: the signed, single-use state is what identifies the connect.
  app.get('/oauth/:platform/callback', { schema: { tags, params: oauthPlatformParams, querystring: callbackQuery } }, async (request, reply) => {
    try {
      return reply.redirect(await connections.callback(request.params.platform, request.query));
    } catch (error) {
      // The popup still lands on the error page (part 2 §8: 'Unknown error'); the cause goes to the log only.
      request.log.error({ err: error }, 'OAuth callback failed');
      return reply.redirect(resultPage(connections.config.APP_URL, request.params.platform, ''));
    }
  });

  app.post('/oauth/:platform/sandbox', { schema: { tags, params: platformParams, body: organizationBody } }, async (request) => {
    const identity = requireUser(request);
    const organization = await connections.configurableOrganization(identity, request.body.organization_id);
    return connections.sandbox(identity, organization, request.params.platform);
  });

  app.post('/oauth/:platform/disconnect', { schema: { tags, params: platformParams, body: organizationBody } }, async (request) => {
    const organization = await connections.ownOrganization(requireUser(request), request.body.organization_id);
    await connections.disconnect(organization, request.params.platform);
    return { success: true, message: ConnectionMessages.disconnected(PLATFORM_DISPLAY_NAMES[request.params.platform]) };
  });

  app.post('/oauth/:platform/refresh', { schema: { tags, params: platformParams, body: organizationBody } }, async (request) => {
    const organization = await connections.ownOrganization(requireUser(request), request.body.organization_id);
    return { success: true, connection: await connections.refreshNow(organization.id, request.params.platform) };
  });

  app.get('/oauth/facebook/pages', { schema: { tags, querystring: organizationQuery } }, async (request) => {
    const organization = await connections.ownOrganization(requireUser(request), request.query.organization_id);
    const pages = await connections.facebookPages(organization.id);
    return { pages, ...(pages.length === 0 && { message: ConnectionMessages.facebookNoPages }) };
  });

  const pageBody = organizationBody.extend({
    page_id: z.string().max(100).default(''),
    // Accepted for the spec's payload; the page's name and token come from Graph, never from the browser.
    page_name: z.string().optional(),
    access_token: z.string().optional(),
  });
  app.post('/oauth/facebook/page', { schema: { tags, body: pageBody } }, async (request) => {
    const organization = await connections.configurableOrganization(requireUser(request), request.body.organization_id);
    const connection = await connections.saveFacebookPage(organization.id, request.body.page_id.trim());
    return { success: true, message: ConnectionMessages.facebookPageSaved, connection };
  });

  const channelBody = organizationBody.extend({
    channel_identifier: z
      .string({ error: OrganizationMessages.telegramIdentifierRequired })
      .trim()
      .min(1, OrganizationMessages.telegramIdentifierRequired)
      .max(200, OrganizationMessages.telegramVerificationFailed),
  });
  app.post('/oauth/telegram/connect_channel', { schema: { tags, body: channelBody } }, async (request) => {
    const identity = requireUser(request);
    const organization = await connections.configurableOrganization(identity, request.body.organization_id);
    return connections.connectTelegram(identity, organization, request.body.channel_identifier);
  });

  app.post('/oauth/telegram/channel', { schema: { tags, body: organizationBody.extend({ channel_id: channelBody.shape.channel_identifier }) } }, async (request) => {
    const identity = requireUser(request);
    const organization = await connections.configurableOrganization(identity, request.body.organization_id);
    return connections.connectTelegram(identity, organization, request.body.channel_id);
  });

  app.get('/oauth/telegram/channels', { schema: { tags, querystring: organizationQuery } }, async (request) => {
    const organization = await connections.ownOrganization(requireUser(request), request.query.organization_id);
    return { channels: await connections.telegramChannels(organization.id) };
  });
}
