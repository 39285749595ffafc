import { useRef, type FormEvent } from 'react';
import type { User } from '../../../shared/schemas/auth.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { DialogForm } from '../../kit/forms/DialogForm.tsx';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../kit/forms/useFormProblems.ts';
import { statusShown } from '../../kit/status/statusSlice.ts';
import { useDeleteUserMutation } from './peopleDataApi.ts';

export interface DeleteUserDialogProps {
  user: User;
  onClose: () => void;
}

/** An admin removes an account on its owner's request (docs/product.md §11): what happens is said, then confirmed. */
export function DeleteUserDialog({ user, onClose }: DeleteUserDialogProps) {
  const dispatch = useAppDispatch();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormProblems({ formRef, fallback: 'Não foi possível excluir a conta. Tente novamente.' });
  const [deleteUser] = useDeleteUserMutation();
  const { busy, run } = useBusySubmit();

  const handleSubmit = async (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (busy) return;
    form.clear();
    const result = await run(() => deleteUser({ userId: user.id }));
    if (result === undefined) return;
    if (result.error) {
      form.setFromApiError(result.error);
      return;
    }
    // The person's row leaves the list with the dialog: the message takes the focus.
    dispatch(statusShown({ text: `Conta de ${user.name} excluída: os dados pessoais foram apagados.`, focus: true }));
    onClose();
  };

  return (
    <DialogForm
      title="Excluir conta"
      submitLabel="Excluir conta"
      busyLabel="Excluindo…"
      submitClassName="button network-admin__danger"
      busy={busy}
      className="network-admin__dialog"
      status={form.alert}
      formRef={formRef}
      onSubmit={(submit) => void handleSubmit(submit)}
      onClose={onClose}
    >
      <p>
        Excluir a conta de <strong>{user.name}</strong> ({user.email}) a pedido da pessoa? Não pode ser desfeito.
      </p>
      <p>
        O nome, o e-mail, o telefone e a senha são apagados e as sessões terminam; a pessoa sai das equipes e das escalas futuras (os líderes são
        avisados); as escalas passadas ficam como “Pessoa removida”. Para entregar uma cópia dos dados, exporte-os antes.
      </p>
    </DialogForm>
  );
}
