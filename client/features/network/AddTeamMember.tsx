import { useId, useRef, useState, type FormEvent } from 'react';
import type { Department } from '../../../shared/schemas/escalas.ts';
import type { Church, Position } from '../../../shared/schemas/network.ts';
import { FormAlert } from '../../kit/forms/FormAlert.tsx';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../kit/forms/useFormProblems.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { TextField } from '../../kit/TextField.tsx';
import { MembershipFields, type Membership } from './MembershipFields.tsx';
import { usePutTeamMemberMutation, useSearchUsersQuery } from './networkAdminApi.ts';
import { useDebouncedText } from './useDebouncedText.ts';

export interface AddTeamMemberProps {
  church: Church;
  department: Department;
  positions: readonly Position[] | undefined;
  /** After a member joined: the status line to read out. */
  onAdded: (message: string) => void;
}

const NOBODY: Membership = { positions: [], leader: false };

/**
 * Adds a person to the team: pick them by name or e-mail (`GET /api/users?q=`), tick the positions they can
 * fill and whether they lead the team, then `PUT /api/teams/{churchId}/{departmentId}/members/{userId}`.
 */
export function AddTeamMember({ church, department, positions, onAdded }: AddTeamMemberProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const q = useDebouncedText(typed);
  const users = useSearchUsersQuery(q);
  const [membership, setMembership] = useState<Membership>(NOBODY);
  const [putTeamMember] = usePutTeamMemberMutation();
  const { busy: isLoading, run } = useBusySubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormProblems({ formRef, fallback: 'Não foi possível adicionar. Tente novamente.' });

  const text = typed.trim().toLocaleLowerCase('pt-BR');
  const suggestions = users.data ?? [];
  const byEmail = suggestions.find((user) => user.email.toLocaleLowerCase('pt-BR') === text);
  const byName = suggestions.filter((user) => user.name.trim().toLocaleLowerCase('pt-BR') === text);
  const person = byEmail ?? (byName.length === 1 ? byName[0] : undefined);

  const submit = async (submitEvent: FormEvent<HTMLFormElement>) => {
    submitEvent.preventDefault();
    if (isLoading) return;
    const problem = text === '' ? 'Informe a pessoa.' : person ? null : 'Escolha uma pessoa da lista (pelo nome ou e-mail).';
    if (!form.check({}, problem) || !person) return;
    const result = await run(() => putTeamMember({ churchId: church.id, departmentId: department.id, userId: person.id, ...membership }));
    if (result === undefined) return;
    if (result.error) {
      form.setFromApiError(result.error);
      return;
    }
    setTyped('');
    setMembership(NOBODY);
    onAdded(`${person.name} entrou na equipe ${department.name} — ${church.name}.`);
  };

  return (
    <form ref={formRef} className="network-form" aria-label="Adicionar à equipe" onSubmit={(submitEvent) => void submit(submitEvent)} noValidate aria-busy={isLoading || undefined}>
      <TextField
        id={`${id}-person`}
        label="Pessoa"
        type="text"
        autoComplete="off"
        list={`${id}-people`}
        hint="Digite o nome ou o e-mail e escolha na lista."
        value={typed}
        onChange={(change) => {
          setTyped(change.target.value);
          form.clear();
        }}
      >
        <datalist id={`${id}-people`}>
          {suggestions.map((user) => (
            <option key={user.id} value={user.email} label={user.name}>
              {user.name}
            </option>
          ))}
        </datalist>
      </TextField>
      <MembershipFields idPrefix={`${id}-new`} positions={positions} value={membership} onChange={setMembership} />
      <button type="submit" className="button button--primary network-form__submit" aria-disabled={isLoading || undefined}>
        {isLoading ? <Spinner /> : null}
        Adicionar à equipe
      </button>
      <FormAlert message={form.alert} className="network-form__error" />
    </form>
  );
}
