import { useId, type FormEvent, type Ref } from 'react';
import { Icon, type IconName } from '../../layout/Icon.tsx';

export interface LoginCredentials {
  email: string;
  password: string;
}

export interface LoginFormProps {
  /** What a submit does; the page decides (nothing yet: the accounts issue wires it). */
  onLogin?: (credentials: LoginCredentials) => void;
  titleRef?: Ref<HTMLHeadingElement>;
}

const SOCIAL_BUTTONS: Array<{ icon: IconName; label: string }> = [
  { icon: 'facebook', label: 'Facebook' },
  { icon: 'google', label: 'Google' },
  { icon: 'instagram', label: 'Instagram' },
  { icon: 'linkedin', label: 'LinkedIn' },
];

export function LoginForm({ onLogin, titleRef }: LoginFormProps) {
  const id = useId();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onLogin?.({ email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') });
  };

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate aria-labelledby={`${id}-title`}>
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
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          Email de login
        </label>
        <input id={`${id}-email`} className="field__input" name="email" type="email" autoComplete="username" />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-password`}>
          Senha de login
        </label>
        <input
          id={`${id}-password`}
          className="field__input"
          name="password"
          type="password"
          autoComplete="current-password"
        />
      </div>
      <a className="auth-form__link" href="#" onClick={(event) => event.preventDefault()}>
        Esqueceu sua senha?
      </a>
      <button type="submit" className="button button--primary auth-form__submit">
        Login
      </button>
    </form>
  );
}
