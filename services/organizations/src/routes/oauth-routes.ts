import { z } from 'zod';
import { CONNECTION_PLATFORMS, ConnectionMessages, OrganizationMessages, PLATFORM_DISPLAY_NAMES } from '@planner/contracts';
import { requireUser, type App } from '@planner/service-kit';
import type { OAuthPlatform } from '../adapters/index.js';
import { configurableOrganization, ownOrganization } from '../commands/access.js';
import { connectFacebookWithToken, connectSandbox, connectTelegram, finishConnect, startConnect, telegramChannels } from '../commands/connect.js';
import { disconnect, organizationConnections, refreshConnection } from '../commands/connections.js';
import { chooseFacebookPage, facebookPages } from '../commands/facebook-pages.js';
import { chooseLinkedInPage, linkedinPages } from '../commands/linkedin-pages.js';
import type { OrganizationsContext } from '../context.js';
import { resultPage } from '../domain/connections/callback.js';
import { connectionView, platformsMap } from '../domain/connections/view.js';
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
 * /oauth/...: connect (OAuth popup, Telegram channel, Sandbox), disconnect, refresh, Facebook pages (part 2 §7), and LinkedIn
 * pages in their manner (docs/decisions/connection-account-ids.md).
 * Every route but the provider's callback acts for the caller on their own organization (404 otherwise).
 */
export async function oauthRoutes(app: App, { ctx }: { ctx: OrganizationsContext }): Promise<void> {
  const tags = ['connections'];

  app.get('/oauth/connections', { schema: { tags, querystring: organizationQuery } }, async (request) => {
    const organization = await ownOrganization(ctx, requireUser(request), request.query.organization_id);
    return { platforms: platformsMap(await organizationConnections(ctx, organization.id)) };
  });

  const authorize = async (userRequest: Parameters<typeof requireUser>[0], platform: OAuthPlatform, organizationId: string) => {
    const identity = requireUser(userRequest);
    const organization = await configurableOrganization(ctx, identity, organizationId);
    return { redirect_url: await startConnect(ctx, identity, organization, platform) };
  };
  const authorizeBody = organizationBody.extend({ auth_code: z.string().max(4096).optional() });
  app.post('/oauth/:platform/authorize', { schema: { tags, params: oauthPlatformParams, body: authorizeBody } }, async (request) => {
    const { platform } = request.params;
    const { organization_id: organizationId, auth_code: authCode } = request.body;
    // Facebook may arrive with a user token from the JavaScript SDK's login instead of going through the popup.
    if (platform === 'facebook' && authCode) {
      const identity = requireUser(request);
      await connectFacebookWithToken(ctx, identity, await configurableOrganization(ctx, identity, organizationId), authCode);
      return { status: 'success', message: ConnectionMessages.connected('Facebook') };
    }
    return authorize(request, platform, organizationId);
  });
  app.get('/oauth/:platform/authorize', { schema: { tags, params: oauthPlatformParams, querystring: organizationQuery } }, (request) =>
    authorize(request, request.params.platform, request.query.organization_id),
  );

  // The provider sends the browser here without our bearer token: the signed, single-use state is what identifies the connect.
  app.get('/oauth/:platform/callback', { schema: { tags, params: oauthPlatformParams, querystring: callbackQuery }, config: { anyQueryText: true } }, async (request, reply) => {
    try {
      return reply.redirect(await finishConnect(ctx, request.params.platform, request.query));
    } catch (error) {
      // The popup still lands on the error page (part 2 §8: 'Unknown error'); the cause goes to the log only.
      request.log.error({ err: error }, 'OAuth callback failed');
      return reply.redirect(resultPage(ctx.config.APP_URL, request.params.platform, ''));
    }
  });

  app.post('/oauth/:platform/sandbox', { schema: { tags, params: platformParams, body: organizationBody } }, async (request) => {
    const identity = requireUser(request);
    const organization = await configurableOrganization(ctx, identity, request.body.organization_id);
    return connectionView(await connectSandbox(ctx, identity, organization, request.params.platform));
  });

  app.post('/oauth/:platform/disconnect', { schema: { tags, params: platformParams, body: organizationBody } }, async (request) => {
    const organization = await ownOrganization(ctx, requireUser(request), request.body.organization_id);
    await disconnect(ctx, organization, request.params.platform);
    return { success: true, message: ConnectionMessages.disconnected(PLATFORM_DISPLAY_NAMES[request.params.platform]) };
  });

  app.post('/oauth/:platform/refresh', { schema: { tags, params: platformParams, body: organizationBody } }, async (request) => {
    const organization = await ownOrganization(ctx, requireUser(request), request.body.organization_id);
    return { success: true, connection: connectionView(await refreshConnection(ctx, organization.id, request.params.platform)) };
  });

  app.get('/oauth/facebook/pages', { schema: { tags, querystring: organizationQuery } }, async (request) => {
    const organization = await ownOrganization(ctx, requireUser(request), request.query.organization_id);
    const pages = await facebookPages(ctx, organization.id);
    return { pages, ...(pages.length === 0 && { message: ConnectionMessages.facebookNoPages }) };
  });

  const pageBody = organizationBody.extend({
    page_id: z.string().max(100).default(''),
    // Accepted for the spec's payload; the page's name and token come from Graph, never from the browser.
    page_name: z.string().optional(),
    access_token: z.string().optional(),
  });
  app.post('/oauth/facebook/page', { schema: { tags, body: pageBody } }, async (request) => {
    const organization = await configurableOrganization(ctx, requireUser(request), request.body.organization_id);
    const connection = await chooseFacebookPage(ctx, organization.id, request.body.page_id.trim());
    return { success: true, message: ConnectionMessages.facebookPageSaved, connection: connectionView(connection) };
  });

  app.get('/oauth/linkedin/pages', { schema: { tags, querystring: organizationQuery } }, async (request) => {
    const organization = await ownOrganization(ctx, requireUser(request), request.query.organization_id);
    const pages = await linkedinPages(ctx, organization.id);
    return { pages, ...(pages.length === 0 && { message: ConnectionMessages.linkedinNoPages }) };
  });

  // No page (null or empty): the member posts again, as before any page was chosen.
  const linkedinPageBody = organizationBody.extend({ page_id: z.string().trim().max(100).nullable().default(null) });
  app.post('/oauth/linkedin/page', { schema: { tags, body: linkedinPageBody } }, async (request) => {
    const organization = await configurableOrganization(ctx, requireUser(request), request.body.organization_id);
    const connection = await chooseLinkedInPage(ctx, organization.id, request.body.page_id || null);
    return { success: true, message: ConnectionMessages.linkedinPageSaved, connection: connectionView(connection) };
  });

  const channelBody = organizationBody.extend({
    channel_identifier: z
      .string({ error: OrganizationMessages.telegramIdentifierRequired })
      .trim()
      .min(1, OrganizationMessages.telegramIdentifierRequired)
      .max(200, OrganizationMessages.telegramVerificationFailed),
  });
  const connectChannel = async (userRequest: Parameters<typeof requireUser>[0], organizationId: string, identifier: string) => {
    const identity = requireUser(userRequest);
    const channel = await connectTelegram(ctx, identity, await configurableOrganization(ctx, identity, organizationId), identifier);
    return { status: 'success', message: ConnectionMessages.connected('Telegram'), channel_info: channel, error: null };
  };
  app.post('/oauth/telegram/connect_channel', { schema: { tags, body: channelBody } }, (request) =>
    connectChannel(request, request.body.organization_id, request.body.channel_identifier),
  );
  app.post('/oauth/telegram/channel', { schema: { tags, body: organizationBody.extend({ channel_id: channelBody.shape.channel_identifier }) } }, (request) =>
    connectChannel(request, request.body.organization_id, request.body.channel_id),
  );

  app.get('/oauth/telegram/channels', { schema: { tags, querystring: organizationQuery } }, async (request) => {
    const organization = await ownOrganization(ctx, requireUser(request), request.query.organization_id);
    return { channels: await telegramChannels(ctx, organization.id) };
  });
}
