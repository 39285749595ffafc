import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LOGIN_NEXT_PARAM, PORTAL_ROUTES, safeNextPath } from '../../../shared/portalRoutes.ts';
import type { User } from '../../../shared/schemas/auth.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { isPasswordLengthValid, PASSWORD_LENGTH_MESSAGE } from '../../kit/passwordLength.ts';
import { plainMessageOf, portalErrorOf } from '../../kit/portalError.ts';
import { sessionApi, useLoginMutation, useRegisterMutation } from '../../kit/session/sessionApi.ts';
import { accountCreated } from './loginSlice.ts';
import type { LoginCredentials } from './LoginForm.tsx';
import type { Registration } from './RegisterForm.tsx';

export interface AuthForms {
  login: (credentials: LoginCredentials) => void;
  register: (registration: Registration) => void;
  loginBusy: boolean;
  registerBusy: boolean;
  loginError: string | null;
  registerError: string | null;
  /** The panel switched mode: the last attempts' errors were about what was on screen then, and go. */
  clearErrors: () => void;
}

/**
 * The two forms' calls (docs/product.md §1, departure 2). Success goes to /events, or to the page of ours the
 * address's `?next=` names (a signed-in page opened signed out, docs/product.md §1 departure 5; anything but a path of
 * ours is ignored); an error shows the API's pt-BR message in the form (for a malformed field, that field's plain sentence: `Informe um e-mail válido.`). A sign-in is always asked of the API (a wrong pair is its 401 `Email ou senha
 * inválidos.`); a registration whose password breaks the API's length rule gets that same rule's message
 * here, before any call.
 */
export function useAuthForms(): AuthForms {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get(LOGIN_NEXT_PARAM));
  const dispatch = useAppDispatch();
  const [loginCall] = useLoginMutation();
  const [registerCall] = useRegisterMutation();
  const loginSubmit = useBusySubmit();
  const registerSubmit = useBusySubmit();
  const [loginError, setLoginError] = useState<string | null>(null);
  const [registerError, setRegisterError] = useState<string | null>(null);

  const signedIn = async (user: User) => {
    // Leave /login first, so it does not flash the account hub; then the top bar and tabs know the user. The
    // page asked for takes the login page's place in the history: Back does not return to a form already done.
    await (next === null ? navigate(PORTAL_ROUTES.events) : navigate(next, { replace: true }));
    dispatch(sessionApi.util.upsertQueryData('getSession', undefined, user));
  };

  const login = async ({ email, password }: LoginCredentials) => {
    setLoginError(null);
    const result = await loginSubmit.run(() => loginCall({ email: email.trim(), password }));
    if (result === undefined) return;
    if (result.error) setLoginError(plainMessageOf(portalErrorOf(result.error, 'Não foi possível entrar. Tente novamente.')));
    else await signedIn(result.data);
  };

  const register = async ({ name, email, password }: Registration) => {
    setRegisterError(null);
    if (!isPasswordLengthValid(password)) {
      setRegisterError(PASSWORD_LENGTH_MESSAGE);
      return;
    }
    const result = await registerSubmit.run(() => registerCall({ name: name.trim(), email: email.trim(), password }));
    if (result === undefined) return;
    if (result.error) {
      setRegisterError(plainMessageOf(portalErrorOf(result.error, 'Não foi possível criar a conta. Tente novamente.')));
      return;
    }
    // The page it lands on asks "Onde você serve?" first (docs/product.md §13).
    dispatch(accountCreated());
    await signedIn(result.data);
  };

  return {
    login: (credentials) => void login(credentials),
    register: (registration) => void register(registration),
    loginBusy: loginSubmit.busy,
    registerBusy: registerSubmit.busy,
    loginError,
    registerError,
    clearErrors: () => {
      setLoginError(null);
      setRegisterError(null);
    },
  };
}
