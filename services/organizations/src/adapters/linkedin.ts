import { LINKEDIN_REST_HEADERS } from '@planner/contracts';
import type { ConnectionConfig } from './config.js';
import { accountIdOf, callProvider, joinUrl, postForm, tokenSetFrom, withQuery, type OAuthProvider } from './provider.js';

const MEMBER_SCOPES = ['openid', 'profile', 'email', 'w_member_social'];
/**
 * Posting as a page (Community Management API, granted by LinkedIn after vetting): post as it, list its posts (the
 * scheduler's check after an interrupted post) and find the pages the member holds a role on.
 */
export const LINKEDIN_PAGE_SCOPES = ['w_organization_social', 'r_organization_social', 'rw_organization_admin'];
/** The roles that may post as a page; ANALYST, CURATOR, RECRUITING_POSTER and the others may not. */
const POSTING_ROLES = new Set(['ADMINISTRATOR', 'CONTENT_ADMINISTRATOR', 'DIRECT_SPONSORED_CONTENT_POSTER']);
/** Roles asked for per page of the ACL finder; a member rarely holds more. */
const ACL_PAGE_SIZE = 100;
/** Page names looked up at once: an agency's member may hold roles on dozens. */
const NAME_LOOKUPS_AT_ONCE = 10;

/** A LinkedIn page (organization) the member may post as. */
export interface LinkedInPage {
  /** The organization's numeric id: the scheduler posts as urn:li:organization:{id}. */
  id: string;
  name: string;
}

export interface LinkedInProvider extends OAuthProvider {
  /** LINKEDIN_ORGANIZATION_PAGES: the page scopes are asked for, so a connection may post as a page. */
  readonly pagesEnabled: boolean;
  /** The pages the token's member may post as (an approved posting role), with their names. */
  pages(accessToken: string): Promise<LinkedInPage[]>;
}

const organizationIdOf = (urn: unknown) => /^urn:li:organization:(\d+)$/.exec(String(urn))?.[1] ?? null;

/** LinkedIn: OAuth 2.0 authorization code flow; the member from the OpenID userinfo endpoint; pages from the organization ACLs. */
export function linkedinProvider(config: ConnectionConfig): LinkedInProvider {
  const client = { client_id: config.LINKEDIN_CLIENT_ID, client_secret: config.LINKEDIN_CLIENT_SECRET };
  const scopes = config.LINKEDIN_ORGANIZATION_PAGES ? [...MEMBER_SCOPES, ...LINKEDIN_PAGE_SCOPES] : MEMBER_SCOPES;
  const rest = (accessToken: string, path: string, query: Record<string, string> = {}) =>
    callProvider('linkedin', withQuery(joinUrl(config.LINKEDIN_API_URL, `rest/${path}`), query), {
      headers: { authorization: `Bearer ${accessToken}`, ...LINKEDIN_REST_HEADERS },
    });

  /** The ids of the organizations the member holds an approved posting role on, each once, in LinkedIn's order. */
  async function postableOrganizations(accessToken: string): Promise<string[]> {
    const ids = new Set<string>();
    for (let start = 0; ; start += ACL_PAGE_SIZE) {
      const answer = await rest(accessToken, 'organizationAcls', { q: 'roleAssignee', state: 'APPROVED', start: String(start), count: String(ACL_PAGE_SIZE) });
      const elements = Array.isArray(answer.elements) ? (answer.elements as Array<Record<string, unknown>>) : [];
      for (const acl of elements) {
        const id = organizationIdOf(acl.organization);
        if (id && acl.state === 'APPROVED' && POSTING_ROLES.has(String(acl.role))) ids.add(id);
      }
      const total = Number((answer.paging as { total?: unknown } | undefined)?.total);
      if (elements.length < ACL_PAGE_SIZE || (Number.isFinite(total) && start + ACL_PAGE_SIZE >= total)) return [...ids];
    }
  }

  return {
    platform: 'linkedin',
    configured: Boolean(config.LINKEDIN_CLIENT_ID && config.LINKEDIN_CLIENT_SECRET),
    pagesEnabled: config.LINKEDIN_ORGANIZATION_PAGES,
    authorizationUrl: ({ state, redirectUri }) => ({
      url: withQuery(config.LINKEDIN_AUTH_URL, { response_type: 'code', client_id: config.LINKEDIN_CLIENT_ID, redirect_uri: redirectUri, state, scope: scopes.join(' ') }).toString(),
    }),
    exchangeCode: async ({ code, redirectUri }) =>
      tokenSetFrom('linkedin', await postForm('linkedin', config.LINKEDIN_TOKEN_URL, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...client })),
    async refresh({ refreshToken }) {
      const answer = await postForm('linkedin', config.LINKEDIN_TOKEN_URL, { grant_type: 'refresh_token', refresh_token: refreshToken ?? undefined, ...client });
      return tokenSetFrom('linkedin', answer, refreshToken);
    },
    async revoke({ accessToken }) {
      // LinkedIn's revoke endpoint sits beside its token endpoint (/oauth/v2/revoke).
      await postForm('linkedin', new URL('revoke', config.LINKEDIN_TOKEN_URL).toString(), { token: accessToken, ...client });
    },
    async profile(accessToken) {
      const me = await callProvider('linkedin', joinUrl(config.LINKEDIN_API_URL, 'v2/userinfo'), { headers: { authorization: `Bearer ${accessToken}` } });
      // `sub` is the member's person id: the scheduler posts as urn:li:person:{sub}.
      return { specificData: { user_name: String(me.name ?? ''), organization_name: null, person_id: accountIdOf(me.sub) }, url: null };
    },
    async pages(accessToken) {
      const ids = await postableOrganizations(accessToken);
      const pages: LinkedInPage[] = [];
      for (let at = 0; at < ids.length; at += NAME_LOOKUPS_AT_ONCE) {
        // The organization lookup answers every member its name (localizedName); the rest of it only to administrators.
        const named = ids.slice(at, at + NAME_LOOKUPS_AT_ONCE).map(async (id) => ({ id, name: String((await rest(accessToken, `organizations/${id}`)).localizedName ?? '') }));
        pages.push(...(await Promise.all(named)));
      }
      return pages;
    },
  };
}
