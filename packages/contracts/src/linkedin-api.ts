/**
 * The LinkedIn API version every /rest call names (LinkedIn-Version: YYYYMM),
 * for the scheduler's publishing and organizations' page lookups alike.
 * LinkedIn serves each monthly version for at least a year, then answers 426
 * NONEXISTENT_VERSION ("Requested version … is not active"); 202607 is served
 * until about July 2027 (learn.microsoft.com/linkedin/marketing/versioning).
 * Moving on: read the migration guides of the versions in between for the
 * Posts, Images, Videos and Organization ACL APIs, change this, run the
 * LinkedIn tests (docs/decisions/publishing.md, LinkedIn).
 */
export const LINKEDIN_API_VERSION = '202607';

/** The headers of every versioned (/rest) LinkedIn call; X-Restli-Protocol-Version 2.0.0 is the Rest.li protocol the versioned APIs require. */
export const LINKEDIN_REST_HEADERS: Readonly<Record<string, string>> = {
  'linkedin-version': LINKEDIN_API_VERSION,
  'x-restli-protocol-version': '2.0.0',
};
