import type { RemotePages } from '@planner/remote-contract';

/** What the review remote exposes to the shell ('review/pages'); each page a chunk of its own, fetched when shown. */
const pages: RemotePages<'review'> = {
  PostReviewPage: () => import('./PostReviewPage.js').then((m) => m.PostReviewPage),
  AutoSchedulerPage: () => import('./AutoSchedulerPage.js').then((m) => m.AutoSchedulerPage),
};
export default pages;
