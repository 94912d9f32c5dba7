import type { RemotePages } from '@planner/frontend-host';
import { AccountsPage } from './AccountsPage.js';
import { HomePage } from './HomePage.js';
import { LoginPage } from './LoginPage.js';
import { ProfilePage } from './ProfilePage.js';
import { RegisterPage } from './RegisterPage.js';
import { ResetPasswordPage } from './ResetPasswordPage.js';
import { VerifyEmailPage } from './VerifyEmailPage.js';

/** What the account remote exposes to the shell ('account/pages'). */
const pages: RemotePages = { AccountsPage, HomePage, LoginPage, ProfilePage, RegisterPage, ResetPasswordPage, VerifyEmailPage };
export default pages;
