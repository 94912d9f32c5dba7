import type { RemotePages } from '@planner/remote-contract';

/** What the designer remote exposes to the shell ('designer/pages'): both pages in one chunk, fetched when shown. */
const pages: RemotePages<'designer'> = {
  DesignerPage: () => import('./DesignerPage.js').then((m) => m.DesignerPage),
  GeneratorPage: () => import('./DesignerPage.js').then((m) => m.GeneratorPage),
};
export default pages;
