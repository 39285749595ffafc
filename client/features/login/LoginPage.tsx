import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { PASSWORD_RESET_PARAM } from '../../../shared/passwordResetLink.ts';
import type { User } from '../../../shared/schemas/auth.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useSession } from '../../kit/session/useSession.ts';
import { useTokenFromAddress } from '../../kit/useTokenFromAddress.ts';
import { ForgotPasswordDialog } from './ForgotPasswordDialog.tsx';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';
import { loginModeChanged, selectLoginMode, type LoginMode } from './loginSlice.ts';
import { useAuthForms } from './useAuthForms.ts';
import './LoginPage.css';

export interface LoginPageProps {
  /** The signed-in user's page (the account hub), which may suspend while its code downloads. */
  renderAccount: (user: User) => ReactNode;
}

/**
 * /login: the sliding panel for a visitor, the account hub for a signed-in user. Until the start's
 * `GET /api/auth/me` answers, the page is the visitor's (as the top bar's `Entrar` is): most who open /login
 * directly are visitors, and they see the specification's panel at once, with no loading text of ours.
 */
export function LoginPage({ renderAccount }: LoginPageProps) {
  const session = useSession();
  return (
    <>
      {session.status === 'signedIn' ? <Suspense fallback={<PageStatus />}>{renderAccount(session.user)}</Suspense> : <AuthPanel />}
      <PasswordResetLink />
    </>
  );
}

/**
 * `/login?redefinir=<token>`, the e-mailed reset link (docs/product.md §1 departure 4): a dialog asks the new password.
 * The token leaves the address as soon as it is read (kit/useTokenFromAddress.ts); closing the dialog forgets it.
 */
function PasswordResetLink() {
  const [token, forget] = useTokenFromAddress(PASSWORD_RESET_PARAM);
  if (!token) return null;
  return <ResetPasswordDialog token={token} onClose={forget} />;
}

function PageStatus() {
  return (
    <p className="auth-page__status" role="status">
      Carregando…
    </p>
  );
}

/**
 * The sliding login/register panel. Both forms and both side texts stay in the page; the ones of the other
 * mode slide away and are inert. The forms sign in and register through the API (useAuthForms).
 */
function AuthPanel() {
  const mode = useAppSelector(selectLoginMode);
  const dispatch = useAppDispatch();
  useDocumentTitle(mode === 'login' ? 'Login' : 'Criar conta');
  const forms = useAuthForms();
  // "Esqueceu sua senha?": the dialog opens on this page, with the email typed so far.
  const [forgotPassword, setForgotPassword] = useState<{ email: string } | null>(null);

  const loginTitle = useRef<HTMLHeadingElement>(null);
  const registerTitle = useRef<HTMLHeadingElement>(null);
  const switchedByVisitor = useRef(false);

  useEffect(() => {
    // After a side-panel button, whose own panel just became inert, focus the title of the form now shown.
    if (!switchedByVisitor.current) return;
    switchedByVisitor.current = false;
    // preventScroll: the title may still be sliding in; scrolling its clipped track would misalign it.
    (mode === 'login' ? loginTitle : registerTitle).current?.focus({ preventScroll: true });
  }, [mode]);

  const switchTo = (next: LoginMode) => {
    switchedByVisitor.current = true;
    // `Email ou senha inválidos.` does not wait in the panel left behind for the visitor's return.
    forms.clearErrors();
    dispatch(loginModeChanged(next));
  };
  const isLogin = mode === 'login';

  return (
    <div className="auth-page">
      {/* The page's one h1 (axe page-has-heading-one), out of sight: the spec's visible titles are the forms'. */}
      <h1 className="visually-hidden">Acesso à conta</h1>
      <section className="auth" data-mode={mode} aria-label="Acesso à conta">
        <div className="auth__forms">
          <div className="auth__slot auth__slot--login" inert={!isLogin} aria-hidden={isLogin ? undefined : true}>
            <LoginForm
              titleRef={loginTitle}
              onLogin={forms.login}
              busy={forms.loginBusy}
              error={forms.loginError}
              onForgotPassword={(email) => setForgotPassword({ email })}
            />
          </div>
          <div className="auth__slot auth__slot--register" inert={isLogin} aria-hidden={isLogin ? true : undefined}>
            <RegisterForm
              titleRef={registerTitle}
              onRegister={forms.register}
              busy={forms.registerBusy}
              error={forms.registerError}
            />
          </div>
        </div>
        <div className="auth__overlay-frame">
          <div className="auth__overlay">
            <div
              className="auth__panel auth__panel--register"
              inert={isLogin}
              aria-hidden={isLogin ? true : undefined}
            >
              <h2 className="auth__panel-title">Seja bem vindo!</h2>
              <p className="auth__panel-text">Faça o registro para continuar</p>
              <p className="auth__panel-question">Já tem cadastro?</p>
              <button type="button" className="button button--ghost" onClick={() => switchTo('login')}>
                Fazer Login
              </button>
            </div>
            <div
              className="auth__panel auth__panel--login"
              inert={!isLogin}
              aria-hidden={isLogin ? undefined : true}
            >
              <h2 className="auth__panel-title">Bem vindo de volta!</h2>
              <p className="auth__panel-text">Faça o login para continuar</p>
              <p className="auth__panel-question">Não tem cadastro?</p>
              <button type="button" className="button button--ghost" onClick={() => switchTo('cadastrar')}>
                Cadastrar
              </button>
            </div>
          </div>
        </div>
      </section>
      {forgotPassword ? <ForgotPasswordDialog email={forgotPassword.email} onClose={() => setForgotPassword(null)} /> : null}
    </div>
  );
}
