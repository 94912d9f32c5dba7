import type { RemotePages } from '@planner/remote-contract';

/** What the billing remote exposes to the shell ('billing/pages'): its one page, a chunk of its own fetched when shown. */
const pages: RemotePages<'billing'> = {
  PlanSelectionPage: () => import('./PlanSelectionPage.js').then((m) => m.PlanSelectionPage),
};
export default pages;
