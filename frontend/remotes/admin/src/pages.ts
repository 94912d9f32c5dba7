import type { RemotePages } from '@planner/remote-contract';

/** What the admin remote exposes to the shell ('admin/pages'); each page a chunk of its own, fetched when shown. */
const pages: RemotePages<'admin'> = {
  AdminPanelPage: () => import('./panel/AdminPanelPage.js').then((m) => m.AdminPanelPage),
  GlobalStatisticsPage: () => import('./statistics/GlobalStatisticsPage.js').then((m) => m.GlobalStatisticsPage),
  LogsPage: () => import('./logs/LogsPage.js').then((m) => m.LogsPage),
  NewsletterDashboardPage: () => import('./newsletter/NewsletterDashboardPage.js').then((m) => m.NewsletterDashboardPage),
  UserManagePage: () => import('./user-manage/UserManagePage.js').then((m) => m.UserManagePage),
};
export default pages;
