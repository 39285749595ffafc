import { useId, useState } from 'react';
import type { AuditAction } from '../../../shared/schemas/audit.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { useGetChurchesQuery, useGetDepartmentsQuery } from '../../kit/network/networkApi.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { TextField } from '../../kit/TextField.tsx';
import { useGetAuditLogInfiniteQuery, type AuditFilter } from './auditApi.ts';
import { AUDIT_ACTION_LABELS, AUDIT_ACTION_ORDER, auditEntryText, type AuditNames } from './auditEntryText.ts';
import { useSearchUsersQuery } from './networkAdminApi.ts';
import { useDebouncedText } from './useDebouncedText.ts';

type PersonRole = 'subject' | 'actor';

/**
 * "Registro de atividades" (docs/product.md §11): who did what to whom, newest first, `GET /api/audit` a page at a
 * time ("Carregar mais"); filtered by a person (the one it was done to, or the one who did it) and by action.
 */
export function AuditSection() {
  const id = useId();
  const { timeZone } = usePublicConfig();
  const [typed, setTyped] = useState('');
  const q = useDebouncedText(typed);
  const users = useSearchUsersQuery(q);
  const [personRole, setPersonRole] = useState<PersonRole>('subject');
  const [action, setAction] = useState<AuditAction | ''>('');

  // The person named in the field: by e-mail, or by a name only one suggestion has (as Adicionar à equipe does).
  const text = typed.trim().toLocaleLowerCase('pt-BR');
  const suggestions = users.data ?? [];
  const byEmail = suggestions.find((user) => user.email.toLocaleLowerCase('pt-BR') === text);
  const byName = suggestions.filter((user) => user.name.trim().toLocaleLowerCase('pt-BR') === text);
  const person = text === '' ? undefined : (byEmail ?? (byName.length === 1 ? byName[0] : undefined));

  const filter: AuditFilter = {
    ...(person ? (personRole === 'actor' ? { actorId: person.id } : { subjectId: person.id }) : {}),
    ...(action === '' ? {} : { action }),
  };
  const log = useGetAuditLogInfiniteQuery(filter);
  const churches = useGetChurchesQuery();
  const departments = useGetDepartmentsQuery();
  const names: AuditNames = {
    church: (churchId) => churches.data?.find((church) => church.id === churchId)?.name,
    department: (departmentId) => departments.data?.find((department) => department.id === departmentId)?.name,
  };
  const entries = log.data?.pages.flat() ?? [];

  return (
    <section className="network-admin__card" aria-labelledby={`${id}-title`} id="registro">
      <h2 id={`${id}-title`} className="network-admin__subtitle">
        Registro de atividades
      </h2>
      <p className="network-admin__lead">
        Quem alterou papéis, equipes e escalas, publicou escalas automáticas ou mexeu na própria conta — das mais recentes às mais antigas.
      </p>
      <div className="network-form" role="search" aria-label="Filtrar atividades">
        <TextField
          id={`${id}-person`}
          label="Pessoa"
          type="search"
          autoComplete="off"
          list={`${id}-people`}
          hint={text !== '' && !person ? 'Escolha uma pessoa da lista (pelo nome ou e-mail).' : 'Nome ou e-mail; vazio: todas as pessoas.'}
          value={typed}
          onChange={(change) => setTyped(change.target.value)}
        >
          <datalist id={`${id}-people`}>
            {suggestions.map((user) => (
              <option key={user.id} value={user.email} label={user.name}>
                {user.name}
              </option>
            ))}
          </datalist>
        </TextField>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-role`}>
            A pessoa
          </label>
          <select id={`${id}-role`} className="field__input" value={personRole} onChange={(change) => setPersonRole(change.target.value as PersonRole)}>
            <option value="subject">foi afetada</option>
            <option value="actor">fez a alteração</option>
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-action`}>
            Atividade
          </label>
          <select id={`${id}-action`} className="field__input" value={action} onChange={(change) => setAction(change.target.value as AuditAction | '')}>
            <option value="">Todas</option>
            {AUDIT_ACTION_ORDER.map((option) => (
              <option key={option} value={option}>
                {AUDIT_ACTION_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {log.isLoading ? (
        <p className="network-admin__status">Carregando…</p>
      ) : log.isError && entries.length === 0 ? (
        <p className="network-admin__status network-admin__status--error" role="alert">
          {portalErrorOf(log.error, 'Não foi possível carregar o registro de atividades.').message}
        </p>
      ) : entries.length === 0 ? (
        <p className="network-admin__status">Nenhuma atividade registrada{person || action ? ' com esses filtros' : ''}.</p>
      ) : (
        <ol className="network-admin__list" aria-label="Atividades">
          {entries.map((entry) => (
            <li key={entry.id} className="network-admin__item">
              {auditEntryText(entry, names, timeZone)}
            </li>
          ))}
        </ol>
      )}
      {log.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={log.isFetchingNextPage || undefined}
          onClick={() => void (log.isFetchingNextPage ? undefined : log.fetchNextPage())}
        >
          {log.isFetchingNextPage ? <Spinner /> : null}
          Carregar mais
        </button>
      ) : null}
      {log.isFetchNextPageError ? (
        <p className="network-admin__status network-admin__status--error" role="alert">
          {portalErrorOf(log.error, 'Não foi possível carregar mais atividades.').message}
        </p>
      ) : null}
    </section>
  );
}
