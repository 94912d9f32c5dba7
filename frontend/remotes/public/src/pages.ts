import type { RemotePages } from '@planner/frontend-host';
import { LandingPage } from './LandingPage.js';

/** What the public remote exposes to the shell ('public/pages'). */
const pages: RemotePages = { LandingPage };
export default pages;
