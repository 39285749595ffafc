import { useId, useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '../../kit/forms/FormAlert.tsx';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../kit/forms/useFormProblems.ts';
import { Modal } from '../../kit/Modal.tsx';
import { plainMessageOf, portalErrorOf } from '../../kit/portalError.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { TextField } from '../../kit/TextField.tsx';
import { useRequestPasswordResetMutation } from './passwordResetApi.ts';
import './PasswordReset.css';

export const FORGOT_PASSWORD_TITLE = 'Esqueceu sua senha?';

export interface ForgotPasswordDialogProps {
  /** What the login form's email field holds, to start from. */
  email?: string;
  onClose: () => void;
}

/**
 * "Esqueceu sua senha?" (docs/product.md §1 departure 4): asks the account's email and sends a single-use link. The
 * answer is the same whether or not an account has the email, and so is what the dialog says.
 */
export function ForgotPasswordDialog({ email: initialEmail = '', onClose }: ForgotPasswordDialogProps) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const problems = useFormProblems({ formRef });
  const [requestReset] = useRequestPasswordResetMutation();
  const { busy: isLoading, run } = useBusySubmit();

  const handleSubmit = async (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (isLoading) return;
    const address = email.trim();
    if (!problems.check({}, address === '' ? 'Informe o email da sua conta.' : null)) return;
    const result = await run(() => requestReset({ email: address }));
    if (result === undefined) return;
    if (result.error) {
      // A malformed address reads `Informe um e-mail válido.`, not `Requisição inválida (email): …`.
      problems.setAlert(plainMessageOf(portalErrorOf(result.error, 'Não foi possível pedir o link. Tente novamente.')));
      return;
    }
    setSentTo(address);
  };

  return (
    <Modal
      title={FORGOT_PASSWORD_TITLE}
      onClose={onClose}
      footer={
        <button type="button" className="button button--secondary" onClick={onClose}>
          {sentTo ? 'Fechar' : 'Cancelar'}
        </button>
      }
    >
      {sentTo ? (
        <p className="password-reset__message" role="status">
          Se houver uma conta com o email {sentTo}, enviamos para ele um link para redefinir a senha. O link vale por
          uma hora e pode ser usado uma vez.
        </p>
      ) : (
        <form ref={formRef} className="password-reset__form" onSubmit={(submit) => void handleSubmit(submit)} noValidate aria-busy={isLoading || undefined}>
          <p className="password-reset__message">Informe o email da sua conta: enviaremos um link para você escolher uma nova senha.</p>
          <TextField
            id={`${id}-email`}
            label="Email da conta"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(change) => setEmail(change.target.value)}
            data-autofocus
          />
          <FormAlert message={problems.alert} className="password-reset__error" />
          <button type="submit" className="button button--primary" disabled={isLoading}>
            {isLoading ? <Spinner /> : null}
            Enviar link
          </button>
        </form>
      )}
    </Modal>
  );
}
