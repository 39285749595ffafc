import { useId, useRef, type FormEvent, type Ref } from 'react';
import { Spinner } from '../../kit/Spinner.tsx';
import { TextField } from '../../kit/TextField.tsx';
import { useFieldMessages, useFocusKeptAfterBusy } from './formFocus.ts';

export interface Registration {
  name: string;
  email: string;
  password: string;
}

export interface RegisterFormProps {
  /** What a submit with every field filled does; the page decides. An empty field is focused instead. */
  onRegister?: (registration: Registration) => void;
  titleRef?: Ref<HTMLHeadingElement>;
  /** The call is running: the submit is disabled and turns a spinner. */
  busy?: boolean;
  /** The last attempt's error, in pt-BR, shown inside the panel. */
  error?: string | null;
}

export function RegisterForm({ onRegister, titleRef, busy = false, error = null }: RegisterFormProps) {
  const id = useId();
  const submitRef = useRef<HTMLButtonElement>(null);
  useFocusKeptAfterBusy(busy, submitRef);
  const fields = useFieldMessages(error);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !fields.check(event.currentTarget)) return;
    const data = new FormData(event.currentTarget);
    onRegister?.({
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
    });
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
        Criar conta
      </h2>
      <p className="auth-form__hint">ou use seu email e senha</p>
      <TextField id={`${id}-name`} label="Nome" name="name" error={fields.messages.name} type="text" autoComplete="name" />
      <TextField id={`${id}-email`} label="Email de cadastro" name="email" error={fields.messages.email} type="email" autoComplete="email" />
      <TextField id={`${id}-password`} label="Senha de cadastro" name="password" error={fields.messages.password} type="password" autoComplete="new-password" />
      {fields.error ? (
        <p className="auth-form__error" role="alert">
          {fields.error}
        </p>
      ) : null}
      <button ref={submitRef} type="submit" className="button button--primary auth-form__submit" disabled={busy}>
        {busy ? <Spinner /> : null}
        Cadastrar
      </button>
    </form>
  );
}
