import { useId, useRef, type FormEvent, type Ref } from 'react';
import { Icon, type IconName } from '../../kit/Icon.tsx';
import { Spinner } from '../../kit/Spinner.tsx';
import { TextField } from '../../kit/TextField.tsx';
import { FormAlert } from '../../kit/forms/FormAlert.tsx';
import { useFocusKeptAfterBusy } from '../../kit/forms/useFocusKeptAfterBusy.ts';
import { useFormProblems } from '../../kit/forms/useFormProblems.ts';
import { authFieldOf, emptyFieldProblems, type AuthField } from './emptyFieldProblems.ts';

export interface LoginCredentials {
  email: string;
  password: string;
}

export interface LoginFormProps {
  /** What a submit with both fields filled does; the page decides. An empty field is focused instead. */
  onLogin?: (credentials: LoginCredentials) => void;
  titleRef?: Ref<HTMLHeadingElement>;
  /** The call is running: the submit is disabled and turns a spinner. */
  busy?: boolean;
  /** The last attempt's error, in pt-BR, shown inside the panel. */
  error?: string | null;
  /** "Esqueceu sua senha?" was clicked, with what the email field holds (the page opens its dialog). */
  onForgotPassword?: (email: string) => void;
}

const SOCIAL_BUTTONS: Array<{ icon: IconName; label: string }> = [
  { icon: 'facebook', label: 'Facebook' },
  { icon: 'google', label: 'Google' },
  { icon: 'instagram', label: 'Instagram' },
  { icon: 'linkedin', label: 'LinkedIn' },
];

export function LoginForm({ onLogin, titleRef, busy = false, error = null, onForgotPassword }: LoginFormProps) {
  const id = useId();
  const submitRef = useRef<HTMLButtonElement>(null);
  useFocusKeptAfterBusy(busy, submitRef);
  const formRef = useRef<HTMLFormElement>(null);
  // A submit stopped at an empty field hides the page's error of an earlier attempt: it was about other values.
  const fields = useFormProblems<AuthField>({ formRef, ownerAlert: error });
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !fields.check(emptyFieldProblems(event.currentTarget))) return;
    const data = new FormData(event.currentTarget);
    onLogin?.({ email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') });
  };

  return (
    <form
      ref={formRef}
      className="auth-form"
      onSubmit={handleSubmit}
      onInput={(input) => {
        const field = authFieldOf(input.target);
        if (field) fields.clear(field);
      }}
      noValidate
      aria-labelledby={`${id}-title`}
      aria-busy={busy || undefined}
    >
      <h2 id={`${id}-title`} className="auth-form__title" ref={titleRef} tabIndex={-1}>
        Login
      </h2>
      <div className="auth-form__social" role="group" aria-label="Redes sociais">
        {SOCIAL_BUTTONS.map(({ icon, label }) => (
          <button key={icon} type="button" className="auth-form__social-button" aria-label={label} title={label}>
            <Icon name={icon} size={18} />
          </button>
        ))}
      </div>
      <p className="auth-form__hint">ou use email e senha</p>
      <TextField id={`${id}-email`} label="Email de login" name="email" error={fields.problemOf('email')} type="email" autoComplete="username" />
      <TextField id={`${id}-password`} label="Senha de login" name="password" error={fields.problemOf('password')} type="password" autoComplete="current-password" />
      <a
        className="auth-form__link"
        href="#"
        onClick={(event) => {
          // The page stays where it is (no hash, no navigation); the dialog opens on it.
          event.preventDefault();
          const email = event.currentTarget.closest('form')?.elements.namedItem('email');
          onForgotPassword?.(email instanceof HTMLInputElement ? email.value : '');
        }}
      >
        Esqueceu sua senha?
      </a>
      <FormAlert message={fields.alert} className="auth-form__error" />
      <button ref={submitRef} type="submit" className="button button--primary auth-form__submit" disabled={busy}>
        {busy ? <Spinner /> : null}
        Login
      </button>
    </form>
  );
}
