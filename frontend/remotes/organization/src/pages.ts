import type { RemotePages } from '@planner/remote-contract';

/** What the organization remote exposes to the shell ('organization/pages'); each page a chunk of its own, fetched when shown. */
const pages: RemotePages<'organization'> = {
  ConfigPage: () => import('./ConfigPage.js').then((m) => m.ConfigPage),
  StatisticsPage: () => import('./StatisticsPage.js').then((m) => m.StatisticsPage),
};
export default pages;
