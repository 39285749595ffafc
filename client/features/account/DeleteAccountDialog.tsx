import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { DialogForm } from '../../kit/forms/DialogForm.tsx';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../kit/forms/useFormProblems.ts';
import { forgetPrivateAnswers } from '../../kit/offline/privateStore.ts';
import { statusShown } from '../../kit/status/statusSlice.ts';
import { TextField } from '../../kit/TextField.tsx';
import { useDeleteMyAccountMutation } from './accountDataApi.ts';

export const ACCOUNT_DELETED_MESSAGE = 'Sua conta foi excluída e seus dados pessoais foram apagados. Você saiu do portal.';

export interface DeleteAccountDialogProps {
  onClose: () => void;
}

/**
 * `Excluir minha conta` (docs/product.md §11): says what happens, asks the password again, then signs the browser
 * out — what the service worker kept for the account is deleted, the page leaves for the start — and says it is done.
 */
export function DeleteAccountDialog({ onClose }: DeleteAccountDialogProps) {
  const id = useId();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const form = useFormProblems<'password'>({ formRef, fields: ['password'], fallback: 'Não foi possível excluir a conta. Tente novamente.' });
  const [deleteMyAccount] = useDeleteMyAccountMutation();
  const { busy, run } = useBusySubmit();

  const handleSubmit = async (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (busy) return;
    if (!form.check(password === '' ? { password: 'Informe sua senha.' } : {})) return;
    const result = await run(() => deleteMyAccount({ password }));
    if (result === undefined) return;
    if (result.error) {
      form.setFromApiError(result.error);
      return;
    }
    await forgetPrivateAnswers();
    await navigate('/');
    dispatch(api.util.resetApiState());
    dispatch(statusShown({ text: ACCOUNT_DELETED_MESSAGE, focus: true }));
  };

  return (
    <DialogForm
      title="Excluir minha conta"
      submitLabel="Excluir minha conta"
      busyLabel="Excluindo…"
      submitClassName="button account-card__danger"
      busy={busy}
      className="account-delete"
      status={form.alert}
      formRef={formRef}
      onSubmit={(submit) => void handleSubmit(submit)}
      onClose={onClose}
    >
      <p>A exclusão não pode ser desfeita. Ao excluir sua conta:</p>
      <ul className="account-delete__effects">
        <li>seu nome, e-mail, telefone e senha são apagados, e você sai do portal em todos os aparelhos;</li>
        <li>você sai das suas equipes e das escalas que ainda vão acontecer — os líderes são avisados para escolher outra pessoa;</li>
        <li>as escalas passadas ficam no histórico como “Pessoa removida”, sem os seus motivos;</li>
        <li>seus dias indisponíveis, o link da sua agenda e os e-mails ainda não enviados são apagados.</li>
      </ul>
      <p>Se quiser guardar uma cópia, baixe seus dados antes. O mesmo e-mail pode criar uma conta nova depois.</p>
      <TextField
        id={`${id}-password`}
        name="password"
        label="Sua senha"
        type="password"
        autoComplete="current-password"
        value={password}
        error={form.problemOf('password')}
        onChange={(change) => {
          setPassword(change.target.value);
          form.clear('password');
        }}
      />
    </DialogForm>
  );
}
