import { useId, useRef, type FormEvent, type Ref } from 'react';
import { Link } from 'react-router';
import { PORTAL_ROUTES } from '../../../shared/portalRoutes.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { TextField } from '../../kit/TextField.tsx';
import { FormAlert } from '../../kit/forms/FormAlert.tsx';
import { useFocusKeptAfterBusy } from '../../kit/forms/useFocusKeptAfterBusy.ts';
import { useFormProblems } from '../../kit/forms/useFormProblems.ts';
import { authFieldOf, emptyFieldProblems, type AuthField } from './emptyFieldProblems.ts';

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
  const formRef = useRef<HTMLFormElement>(null);
  // A submit stopped at an empty field hides the page's error of an earlier attempt: it was about other values.
  const fields = useFormProblems<AuthField>({ formRef, ownerAlert: error });
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !fields.check(emptyFieldProblems(event.currentTarget))) return;
    const data = new FormData(event.currentTarget);
    onRegister?.({
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
    });
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
        Criar conta
      </h2>
      <p className="auth-form__hint">ou use seu email e senha</p>
      <TextField id={`${id}-name`} label="Nome" name="name" error={fields.problemOf('name')} type="text" autoComplete="name" />
      <TextField id={`${id}-email`} label="Email de cadastro" name="email" error={fields.problemOf('email')} type="email" autoComplete="email" />
      <TextField id={`${id}-password`} label="Senha de cadastro" name="password" error={fields.problemOf('password')} type="password" autoComplete="new-password" />
      <FormAlert message={fields.alert} className="auth-form__error" />
      <button ref={submitRef} type="submit" className="button button--primary auth-form__submit" disabled={busy}>
        {busy ? <Spinner /> : null}
        Cadastrar
      </button>
      {/* LGPD's duty to inform before the data is given (docs/product.md §1, departure 6). */}
      <p className="auth-form__privacy">
        Veja <Link to={PORTAL_ROUTES.privacy}>como o portal cuida dos seus dados</Link>.
      </p>
    </form>
  );
}
