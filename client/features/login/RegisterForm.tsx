import { useId, type FormEvent, type Ref } from 'react';

export interface Registration {
  name: string;
  email: string;
  password: string;
}

export interface RegisterFormProps {
  /** What a submit does; the page decides (nothing yet: the accounts issue wires it). */
  onRegister?: (registration: Registration) => void;
  titleRef?: Ref<HTMLHeadingElement>;
}

export function RegisterForm({ onRegister, titleRef }: RegisterFormProps) {
  const id = useId();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onRegister?.({
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
    });
  };

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="auth-form__title" ref={titleRef} tabIndex={-1}>
        Criar conta
      </h2>
      <p className="auth-form__hint">ou use seu email e senha</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          Nome
        </label>
        <input id={`${id}-name`} className="field__input" name="name" type="text" autoComplete="name" />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          Email de cadastro
        </label>
        <input id={`${id}-email`} className="field__input" name="email" type="email" autoComplete="email" />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-password`}>
          Senha de cadastro
        </label>
        <input
          id={`${id}-password`}
          className="field__input"
          name="password"
          type="password"
          autoComplete="new-password"
        />
      </div>
      <button type="submit" className="button button--primary auth-form__submit">
        Cadastrar
      </button>
    </form>
  );
}
