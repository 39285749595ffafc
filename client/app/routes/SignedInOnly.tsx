import { useId } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { loginPathFor } from '../../../shared/portalRoutes.ts';
import { useSession } from '../../kit/session/useSession.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import './SignedInOnly.css';

/**
 * Around a page of the signed-in area, outside the shell: nothing at all until the start's `GET /api/auth/me`
 * has answered (no shell that then changes its mind), then the shell.
 */
export function SessionKnown() {
  const session = useSession();
  return session.status === 'loading' ? null : <Outlet />;
}

/**
 * In the shell, a page of the signed-in area (docs/product.md §1, departure 5): the page for a signed-in user; for anyone
 * else "Entre para continuar" and the way to the login page, which brings them back here once signed in — an
 * expired session, a bookmark or an e-mailed link leads somewhere.
 */
export function SignInRequired() {
  const session = useSession();
  return session.status === 'signedIn' ? <Outlet /> : <SignInPrompt />;
}

function SignInPrompt() {
  useDocumentTitle('Entre para continuar');
  const titleId = useId();
  const { pathname, search, hash } = useLocation();
  return (
    <section className="sign-in-required" aria-labelledby={titleId}>
      <h1 id={titleId} className="sign-in-required__title">
        Entre para continuar
      </h1>
      <p className="sign-in-required__text">Esta página é de quem tem uma conta no portal. Depois de entrar, você volta para ela.</p>
      <Link to={loginPathFor(`${pathname}${search}${hash}`)} className="button button--primary sign-in-required__action">
        Entrar na conta
      </Link>
    </section>
  );
}
