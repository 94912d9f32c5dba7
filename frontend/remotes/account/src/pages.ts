import type { RemotePages } from '@planner/frontend-host';
import { AccountsPage } from './AccountsPage.js';
import { HomePage } from './HomePage.js';
import { LoginPage } from './LoginPage.js';
import { ProfilePage } from './ProfilePage.js';
import { RegisterPage } from './RegisterPage.js';
import { ResetPasswordPage } from './ResetPasswordPage.js';
import { VerifyEmailPage } from './VerifyEmailPage.js';

/** What the account remote exposes to the shell ('account/pages'); all its pages come with the remote. */
const pages: RemotePages = {
  AccountsPage: async () => AccountsPage,
  HomePage: async () => HomePage,
  LoginPage: async () => LoginPage,
  ProfilePage: async () => ProfilePage,
  RegisterPage: async () => RegisterPage,
  ResetPasswordPage: async () => ResetPasswordPage,
  VerifyEmailPage: async () => VerifyEmailPage,
};
export default pages;
