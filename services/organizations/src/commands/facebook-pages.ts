import { ConnectionMessages } from '@planner/contracts';
import { badRequest } from '@planner/service-kit';
import type { OrganizationsContext } from '../context.js';
import { Connection } from '../entities/connection.entity.js';
import { findConnection, freshConnection, fromProvider, openToken, sealToken } from './connections.js';

/** The Facebook user's token of a real connection, refreshed first when about to expire. */
async function facebookUserToken(ctx: OrganizationsContext, organizationId: string): Promise<string> {
  const connection = await findConnection(ctx, organizationId, 'facebook');
  if (connection.sandbox || !connection.accessToken) throw badRequest(ConnectionMessages.facebookNoPages);
  return openToken(ctx, (await freshConnection(ctx, connection)).accessToken!);
}

/** The pages the user manages, with their tokens; a provider's failure is a 502 with `failure` as its message. */
async function managedPages(ctx: OrganizationsContext, organizationId: string, failure: string) {
  const token = await facebookUserToken(ctx, organizationId);
  return fromProvider(failure, () => ctx.adapters.providers.oauth.facebook.pages(token));
}

/** The pages the user manages: id and name (their tokens stay on the server). */
export async function facebookPages(ctx: OrganizationsContext, organizationId: string): Promise<Array<{ id: string; name: string }>> {
  return (await managedPages(ctx, organizationId, ConnectionMessages.facebookPagesFailed)).map(({ id, name }) => ({ id, name }));
}

/** Saves the page to publish to (its token fetched from Graph, not taken from the browser); an empty id clears it. */
export async function chooseFacebookPage(ctx: OrganizationsContext, organizationId: string, pageId: string): Promise<Connection> {
  const connection = await findConnection(ctx, organizationId, 'facebook');
  const { page_id: _id, page_name: _name, ...rest } = connection.specificData;
  const connections = ctx.dataSource.getRepository(Connection);
  if (!pageId) {
    await connections.update({ id: connection.id }, { pageAccessToken: null, specificData: rest, url: null });
  } else {
    const page = (await managedPages(ctx, organizationId, ConnectionMessages.facebookPageFailed)).find((p) => p.id === pageId);
    if (!page) throw badRequest(ConnectionMessages.facebookPageFailed);
    await connections.update(
      { id: connection.id },
      { pageAccessToken: sealToken(ctx, page.access_token), specificData: { ...rest, page_id: page.id, page_name: page.name }, url: `https://www.facebook.com/${page.id}` },
    );
  }
  return findConnection(ctx, organizationId, 'facebook');
}
