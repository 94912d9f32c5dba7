import { ConnectionMessages } from '@planner/contracts';
import { badRequest } from '@planner/service-kit';
import { LINKEDIN_PAGE_SCOPES, type LinkedInPage } from '../adapters/linkedin.js';
import type { OrganizationsContext } from '../context.js';
import { Connection } from '../entities/connection.entity.js';
import { findConnection, freshConnection, fromProvider, openToken } from './connections.js';

/** A Sandbox connection's one page, labelled as such, so the choice can be made without LinkedIn. */
export const SANDBOX_LINKEDIN_PAGE: LinkedInPage = { id: 'sandbox', name: 'LinkedIn Sandbox Page' };

/**
 * The pages the connection's member may post as; `failure` is the 502's message when LinkedIn refuses or fails.
 * A real connection needs the page scopes: asked for (LINKEDIN_ORGANIZATION_PAGES) and granted to this connection.
 */
async function postablePages(ctx: OrganizationsContext, connection: Connection, failure: string): Promise<LinkedInPage[]> {
  if (connection.sandbox) return [SANDBOX_LINKEDIN_PAGE];
  const provider = ctx.adapters.providers.oauth.linkedin;
  if (!provider.pagesEnabled) throw badRequest(ConnectionMessages.linkedinPagesOff);
  const granted = new Set(connection.scopes.split(' '));
  if (!connection.accessToken || LINKEDIN_PAGE_SCOPES.some((scope) => !granted.has(scope))) throw badRequest(ConnectionMessages.linkedinPagesNotGranted);
  const token = openToken(ctx, (await freshConnection(ctx, connection)).accessToken!);
  return fromProvider(failure, () => provider.pages(token));
}

/** The LinkedIn pages the connected member may post as: id and name. */
export async function linkedinPages(ctx: OrganizationsContext, organizationId: string): Promise<LinkedInPage[]> {
  return postablePages(ctx, await findConnection(ctx, organizationId, 'linkedin'), ConnectionMessages.linkedinPagesFailed);
}

/**
 * Saves the page the connection posts as (checked against LinkedIn's answer now, its name taken from LinkedIn);
 * no page id goes back to posting as the member.
 */
export async function chooseLinkedInPage(ctx: OrganizationsContext, organizationId: string, pageId: string | null): Promise<Connection> {
  const connection = await findConnection(ctx, organizationId, 'linkedin');
  const { organization_id: _id, ...rest } = connection.specificData;
  let choice: Pick<Connection, 'specificData' | 'url'> = { specificData: { ...rest, organization_name: null }, url: null };
  if (pageId) {
    const page = (await postablePages(ctx, connection, ConnectionMessages.linkedinPageFailed)).find((p) => p.id === pageId);
    if (!page) throw badRequest(ConnectionMessages.linkedinPageNotAllowed);
    choice = {
      // organization_id is what the scheduler posts as (urn:li:organization:{id}); the name is what the browser shows.
      specificData: { ...rest, organization_id: page.id, organization_name: page.name },
      url: connection.sandbox ? null : `https://www.linkedin.com/company/${page.id}/`,
    };
  }
  await ctx.dataSource.getRepository(Connection).update({ id: connection.id }, choice);
  return findConnection(ctx, organizationId, 'linkedin');
}
