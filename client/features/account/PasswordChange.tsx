import { useId, useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '../../kit/forms/FormAlert.tsx';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../kit/forms/useFormProblems.ts';
import { isPasswordLengthValid, PASSWORD_LENGTH_MESSAGE } from '../../kit/passwordLength.ts';
import { useChangePasswordMutation } from '../../kit/session/sessionApi.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { TextField } from '../../kit/TextField.tsx';

export const PASSWORD_CHANGED_MESSAGE = 'Senha alterada. As suas outras sessões foram encerradas.';

/** `POST /api/auth/password { current, new }`; the other sessions of the user end. */
export function PasswordChange() {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [status, setStatus] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormProblems({ formRef, fallback: 'Não foi possível alterar a senha. Tente novamente.' });
  const [changePassword] = useChangePasswordMutation();
  const { busy: isLoading, run } = useBusySubmit();

  const handleSubmit = async (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (isLoading) return;
    setStatus('');
    const problem = current === '' ? 'Informe a senha atual.' : isPasswordLengthValid(next) ? null : PASSWORD_LENGTH_MESSAGE;
    if (!form.check({}, problem)) return;
    const result = await run(() => changePassword({ current, new: next }));
    if (result === undefined) return;
    if (result.error) {
      form.setFromApiError(result.error);
      return;
    }
    setCurrent('');
    setNext('');
    setStatus(PASSWORD_CHANGED_MESSAGE);
  };

  return (
    <section className="account-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-card__title">
        Alterar senha
      </h2>
      <form ref={formRef} className="account-card__form" onSubmit={(submit) => void handleSubmit(submit)} noValidate>
        <TextField
          id={`${id}-current`}
          label="Senha atual"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(change) => setCurrent(change.target.value)}
        />
        <TextField
          id={`${id}-new`}
          label="Nova senha"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(change) => setNext(change.target.value)}
          hint={PASSWORD_LENGTH_MESSAGE}
        />
        <FormAlert message={form.alert} className="account-card__error" />
        <p className="account-card__status" role="status">
          {status}
        </p>
        <button type="submit" className="button button--primary account-card__submit" disabled={isLoading}>
          {isLoading ? <Spinner /> : null}
          Alterar senha
        </button>
      </form>
    </section>
  );
}
