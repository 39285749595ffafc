import { lazy } from 'react';
import { LoginPage } from '../../features/login/LoginPage.tsx';

/** Signed-in only, so not in the first download. */
const AccountHub = lazy(() => import('../../features/account/AccountHub.tsx').then((module) => ({ default: module.AccountHub })));

/** /login: the login feature's page, with the account feature's hub for a signed-in user. */
export function LoginRoute() {
  return <LoginPage renderAccount={(user) => <AccountHub user={user} />} />;
}
