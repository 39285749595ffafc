import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import { loginModeChanged, selectLoginMode, type LoginMode } from './loginSlice.ts';
import './LoginPage.css';

/**
 * The sliding login/register panel. Both forms and both side texts stay in the page; the ones of the other
 * mode slide away and are inert. The submits are not wired yet: the accounts issue passes `onLogin` and
 * `onRegister` here.
 */
export function LoginPage() {
  const mode = useAppSelector(selectLoginMode);
  const dispatch = useAppDispatch();
  useDocumentTitle(mode === 'login' ? 'Login' : 'Criar conta');

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
    dispatch(loginModeChanged(next));
  };
  const isLogin = mode === 'login';

  return (
    <div className="auth-page">
      <section className="auth" data-mode={mode} aria-label="Acesso à conta">
        <div className="auth__forms">
          <div className="auth__slot auth__slot--login" inert={!isLogin} aria-hidden={isLogin ? undefined : true}>
            <LoginForm titleRef={loginTitle} />
          </div>
          <div className="auth__slot auth__slot--register" inert={isLogin} aria-hidden={isLogin ? true : undefined}>
            <RegisterForm titleRef={registerTitle} />
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
    </div>
  );
}
