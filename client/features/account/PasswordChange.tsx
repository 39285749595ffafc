import { useId, useState, type FormEvent } from 'react';
import { isPasswordLengthValid, PASSWORD_LENGTH_MESSAGE } from '../../kit/passwordLength.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
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
  const [error, setError] = useState<string | null>(null);
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const handleSubmit = async (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (isLoading) return;
    setStatus('');
    setError(null);
    if (current === '') return setError('Informe a senha atual.');
    if (!isPasswordLengthValid(next)) return setError(PASSWORD_LENGTH_MESSAGE);
    const result = await changePassword({ current, new: next });
    if (result.error) {
      setError(portalErrorOf(result.error, 'Não foi possível alterar a senha. Tente novamente.').message);
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
      <form className="account-card__form" onSubmit={(submit) => void handleSubmit(submit)} noValidate>
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
        {error ? (
          <p className="account-card__error" role="alert">
            {error}
          </p>
        ) : null}
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
