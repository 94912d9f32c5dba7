import type { RemotePages } from '@planner/remote-contract';

/**
 * What the designer remote exposes to the shell ('designer/pages'): the designer and the generator in one
 * chunk, Results and Examples each in their own (they share the previews' chunk), fetched when shown.
 */
const pages: RemotePages<'designer'> = {
  DesignerPage: () => import('./DesignerPage.js').then((m) => m.DesignerPage),
  GeneratorPage: () => import('./DesignerPage.js').then((m) => m.GeneratorPage),
  ResultsPage: () => import('./ResultsPage.js').then((m) => m.ResultsPage),
  ExamplesPage: () => import('./ExamplesPage.js').then((m) => m.ExamplesPage),
};
export default pages;
