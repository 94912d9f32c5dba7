import type { RemotePages } from '@planner/remote-contract';

/** What the calendar remote exposes to the shell ('calendar/pages'); its page a chunk of its own, fetched when shown. */
const pages: RemotePages<'calendar'> = {
  CalendarPage: () => import('./CalendarPage.js').then((m) => m.CalendarPage),
};
export default pages;
