import type { RemotePages } from '@planner/remote-contract';
import { LoginPage } from './LoginPage.js';
import { RegisterPage } from './RegisterPage.js';

/**
 * What the account remote exposes to the shell ('account/pages'). The login and
 * register pages come with the remote; the others are chunks of their own,
 * fetched when shown.
 */
const pages: RemotePages<'account'> = {
  AccountsPage: () => import('./AccountsPage.js').then((m) => m.AccountsPage),
  HomePage: () => import('./HomePage.js').then((m) => m.HomePage),
  LoginPage: async () => LoginPage,
  ProfilePage: () => import('./ProfilePage.js').then((m) => m.ProfilePage),
  RegisterPage: async () => RegisterPage,
  ResetPasswordPage: () => import('./ResetPasswordPage.js').then((m) => m.ResetPasswordPage),
  VerifyEmailPage: () => import('./VerifyEmailPage.js').then((m) => m.VerifyEmailPage),
};
export default pages;
