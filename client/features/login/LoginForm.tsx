import { useId, useRef, type FormEvent, type Ref } from 'react';
import { Icon, type IconName } from '../../kit/Icon.tsx';
import { Spinner } from '../../kit/Spinner.tsx';
import { TextField } from '../../kit/TextField.tsx';
import { useFieldMessages, useFocusKeptAfterBusy } from './formFocus.ts';

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
  const fields = useFieldMessages(error);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !fields.check(event.currentTarget)) return;
    const data = new FormData(event.currentTarget);
    onLogin?.({ email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') });
  };

  return (
    <form
      className="auth-form"
      onSubmit={handleSubmit}
      onInput={(input) => {
        if (input.target instanceof HTMLInputElement) fields.edited(input.target.name);
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
      <TextField id={`${id}-email`} label="Email de login" name="email" error={fields.messages.email} type="email" autoComplete="username" />
      <TextField id={`${id}-password`} label="Senha de login" name="password" error={fields.messages.password} type="password" autoComplete="current-password" />
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
      {fields.error ? (
        <p className="auth-form__error" role="alert">
          {fields.error}
        </p>
      ) : null}
      <button ref={submitRef} type="submit" className="button button--primary auth-form__submit" disabled={busy}>
        {busy ? <Spinner /> : null}
        Login
      </button>
    </form>
  );
}
