/**
 * The steady mixed load: each account's user goes round a fixed mix of
 * logins, reads (/auth/me, its organizations, its posts), renames of its
 * organization and posts scheduled a little ahead for its Sandbox X
 * connection; the admin sends a newsletter to the confirmed subscribers now
 * and then. Every call is recorded; so is every change the product accepted,
 * to check afterwards that none was lost or done twice.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Gateway } from './client.js';
import { logIn, loginBody, type Account, type Credentials } from './setup.js';

export interface Rename {
  at: number;
  organizationId: string;
  name: string;
}

export interface ScheduledPost {
  at: number;
  postId: string;
  dueAt: number;
}

export interface SentNewsletter {
  at: number;
  id: string;
  subject: string;
}

export interface Accepted {
  renames: Rename[];
  posts: ScheduledPost[];
  newsletters: SentNewsletter[];
}

export interface LoadOptions {
  /** Pause between one user's calls. */
  pauseMs: number;
  /** How far ahead posts are scheduled. */
  postLeadMs: number;
  /** Time between newsletters. */
  newsletterEveryMs: number;
}

type Step = 'login' | 'me' | 'organizations' | 'posts' | 'rename' | 'schedule';

/** One user's round: mostly reads, as people use the product, with a change every few calls. */
const ROUND: Step[] = ['me', 'organizations', 'posts', 'rename', 'me', 'schedule', 'posts', 'login', 'organizations', 'me'];

const unique = () => randomBytes(4).toString('hex');

async function userLoop(gateway: Gateway, account: Account, accepted: Accepted, options: LoadOptions, stopped: () => boolean, offset: number): Promise<void> {
  let token = account.token;
  const org = account.organizationId;
  const steps: Record<Step, () => Promise<unknown>> = {
    login: async () => {
      const session = await gateway.send<{ access_token: string }>('POST', '/auth/login', { json: loginBody(account) });
      if (session.body) token = session.body.access_token;
    },
    me: () => gateway.send('GET', '/auth/me', { token }),
    organizations: () => gateway.send('GET', '/organizations', { token }),
    posts: () => gateway.send('GET', `/posts?organization_id=${org}&status=all`, { token }),
    rename: async () => {
      const name = `Drill ${unique()}`;
      const at = Date.now();
      const answer = await gateway.send('PUT', `/organizations/${org}`, { token, json: { name }, route: '/organizations/:id' });
      if (answer.status === 200) accepted.renames.push({ at, organizationId: org, name });
    },
    schedule: async () => {
      const at = Date.now();
      const dueAt = at + options.postLeadMs;
      const form = new FormData();
      form.append('organization_id', org);
      form.append('platforms', 'X');
      form.append('content', `Drill post ${unique()}`);
      form.append('media_type', 'text');
      form.append('scheduled_time', new Date(dueAt).toISOString());
      const answer = await gateway.send<{ post: { id: string } }>('POST', '/schedule_post/later', { token, form });
      if (answer.status === 201 && answer.body) accepted.posts.push({ at, postId: answer.body.post.id, dueAt });
    },
  };
  for (let i = offset; !stopped(); i++) {
    await steps[ROUND[i % ROUND.length]!]();
    await sleep(options.pauseMs);
  }
}

async function newsletterLoop(gateway: Gateway, admin: Credentials, accepted: Accepted, options: LoadOptions, stopped: () => boolean): Promise<void> {
  let token = (await logIn(gateway, admin)).access_token;
  while (!stopped()) {
    const subject = `Drill newsletter ${unique()}`;
    const created = await gateway.send<{ newsletter: { id: string } }>('POST', '/newsletter/admin/newsletters', { token, json: { subject, content: `<p>${subject}</p>` } });
    if (created.body) {
      const at = Date.now();
      const id = created.body.newsletter.id;
      const sent = await gateway.send('POST', `/newsletter/admin/newsletters/${id}/send`, { token, route: '/newsletter/admin/newsletters/:id/send' });
      if (sent.status === 202) accepted.newsletters.push({ at, id, subject });
    }
    for (const until = Date.now() + options.newsletterEveryMs; !stopped() && Date.now() < until; ) await sleep(250);
    const session = await gateway.send<{ access_token: string }>('POST', '/auth/login', { json: loginBody(admin) });
    if (session.body) token = session.body.access_token;
  }
}

/** Starts the load; `stop()` ends it once every call under way is answered, with what the product accepted. */
export function startLoad(gateway: Gateway, accounts: Account[], admin: Credentials, options: LoadOptions): { stop: () => Promise<Accepted> } {
  const accepted: Accepted = { renames: [], posts: [], newsletters: [] };
  let stopping = false;
  const stopped = () => stopping;
  const loops = [
    ...accounts.map((account, i) => userLoop(gateway, account, accepted, options, stopped, i * 3)),
    newsletterLoop(gateway, admin, accepted, options, stopped),
  ];
  return {
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
      return accepted;
    },
  };
}
