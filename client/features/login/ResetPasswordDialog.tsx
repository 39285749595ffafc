import { useId, useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '../../kit/forms/FormAlert.tsx';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../kit/forms/useFormProblems.ts';
import { Modal } from '../../kit/Modal.tsx';
import { isPasswordLengthValid, PASSWORD_LENGTH_MESSAGE } from '../../kit/passwordLength.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { TextField } from '../../kit/TextField.tsx';
import { useResetPasswordMutation } from './passwordResetApi.ts';
import './PasswordReset.css';

export const RESET_PASSWORD_TITLE = 'Redefinir a senha';
export const PASSWORD_RESET_DONE = 'Senha redefinida. Entre com a nova senha: as sessões abertas da conta foram encerradas.';

export interface ResetPasswordDialogProps {
  token: string;
  onClose: () => void;
}

/** The login page opened from an e-mailed reset link: asks the new password once, then the visitor signs in. */
export function ResetPasswordDialog({ token, onClose }: ResetPasswordDialogProps) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const problems = useFormProblems({ formRef });
  const [resetPassword] = useResetPasswordMutation();
  const { busy: isLoading, run } = useBusySubmit();

  const handleSubmit = async (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (isLoading) return;
    if (!problems.check({}, isPasswordLengthValid(password) ? null : PASSWORD_LENGTH_MESSAGE)) return;
    const result = await run(() => resetPassword({ token, password }));
    if (result === undefined) return;
    if (result.error) {
      problems.setAlert(portalErrorOf(result.error, 'Não foi possível redefinir a senha. Tente novamente.').message);
      return;
    }
    setPassword('');
    setDone(true);
  };

  return (
    <Modal
      title={RESET_PASSWORD_TITLE}
      onClose={onClose}
      footer={
        <button type="button" className="button button--secondary" onClick={onClose}>
          {done ? 'Fechar' : 'Cancelar'}
        </button>
      }
    >
      {done ? (
        <p className="password-reset__message" role="status">
          {PASSWORD_RESET_DONE}
        </p>
      ) : (
        <form ref={formRef} className="password-reset__form" onSubmit={(submit) => void handleSubmit(submit)} noValidate aria-busy={isLoading || undefined}>
          <TextField
            id={`${id}-password`}
            label="Nova senha"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(change) => setPassword(change.target.value)}
            hint={PASSWORD_LENGTH_MESSAGE}
            data-autofocus
          />
          <FormAlert message={problems.alert} className="password-reset__error" />
          <button type="submit" className="button button--primary" disabled={isLoading}>
            {isLoading ? <Spinner /> : null}
            Redefinir senha
          </button>
        </form>
      )}
    </Modal>
  );
}
