import { useId, useState } from 'react';
import type { Role, User } from '../../../shared/schemas/auth.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { TextField } from '../../kit/TextField.tsx';
import { DeleteUserDialog } from './DeleteUserDialog.tsx';
import { useChangeRoleMutation, useSearchUsersQuery } from './networkAdminApi.ts';
import { userDataExportUrl } from './peopleDataApi.ts';
import { ROLE_LABELS, ROLE_ORDER } from './roleLabels.ts';
import { useDebouncedText } from './useDebouncedText.ts';
import './PeopleSection.css';

/**
 * The people of the network (`GET /api/users?q=`, at most 20) and their roles: an admin changes one with
 * `PATCH /api/users/{id} { role }`. A team leader keeps the role `member`: teams are set under Equipes. On a
 * person's request (docs/product.md §11) the admin exports their data or removes their account.
 */
export function PeopleSection() {
  const headingId = useId();
  const [typed, setTyped] = useState('');
  const q = useDebouncedText(typed);
  const users = useSearchUsersQuery(q);
  return (
    <section className="network-admin__card" aria-labelledby={headingId} id="pessoas">
      <h2 id={headingId} className="network-admin__subtitle">
        Pessoas e papéis
      </h2>
      <p className="network-admin__lead">
        Líderes e administradores escalam em toda a rede. Para que alguém lidere só a sua equipe, marque-o como líder em Equipes.
      </p>
      <TextField
        id={`${headingId}-search`}
        label="Buscar pessoa"
        type="search"
        autoComplete="off"
        hint="Nome ou e-mail."
        value={typed}
        onChange={(change) => setTyped(change.target.value)}
      />
      {users.isLoading ? (
        <p className="network-admin__status">Carregando…</p>
      ) : users.isError ? (
        <p className="network-admin__status network-admin__status--error" role="alert">
          {portalErrorOf(users.error, 'Não foi possível carregar as pessoas.').message}
        </p>
      ) : users.data && users.data.length > 0 ? (
        <ul className="network-admin__list" aria-label="Pessoas encontradas">
          {users.data.map((user) => (
            <PersonItem key={user.id} user={user} />
          ))}
        </ul>
      ) : (
        <p className="network-admin__status">Ninguém encontrado.</p>
      )}
    </section>
  );
}

function PersonItem({ user }: { user: User }) {
  const id = useId();
  const [role, setRole] = useState<Role>(user.role);
  const [changeRole, { isLoading }] = useChangeRoleMutation();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [deleting, setDeleting] = useState(false);

  const save = async () => {
    if (isLoading) return;
    setError(null);
    setStatus('');
    const result = await changeRole({ userId: user.id, role });
    if (result.error) setError(portalErrorOf(result.error, 'Não foi possível alterar o papel. Tente novamente.').message);
    else setStatus(`Papel de ${result.data.name}: ${ROLE_LABELS[result.data.role]}.`);
  };

  return (
    <li className="network-admin__item network-admin__person" aria-labelledby={`${id}-name`}>
      <span className="network-admin__identity">
        <span id={`${id}-name`} className="network-admin__name">
          {user.name}
        </span>
        <span className="network-admin__detail">{user.email}</span>
      </span>
      <span className="network-admin__role">
        <label className="field__label" htmlFor={`${id}-role`}>
          Papel
        </label>
        <select id={`${id}-role`} className="field__input" value={role} aria-describedby={`${id}-name`} onChange={(change) => setRole(change.target.value as Role)}>
          {ROLE_ORDER.map((option) => (
            <option key={option} value={option}>
              {ROLE_LABELS[option]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--secondary"
          aria-label={`Alterar o papel de ${user.name}`}
          aria-disabled={isLoading || role === user.role || undefined}
          onClick={() => void (role === user.role ? undefined : save())}
        >
          {isLoading ? <Spinner /> : null}
          Alterar
        </button>
      </span>
      <span className="network-admin__person-data">
        <a className="button button--secondary" href={userDataExportUrl(user.id)} download aria-label={`Exportar os dados de ${user.name}`}>
          Exportar dados
        </a>
        <button type="button" className="button network-admin__danger" aria-label={`Excluir a conta de ${user.name}`} onClick={() => setDeleting(true)}>
          Excluir conta
        </button>
      </span>
      {error ? (
        <p className="network-admin__status network-admin__status--error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="network-admin__status" role="status">
        {status}
      </p>
      {deleting ? <DeleteUserDialog user={user} onClose={() => setDeleting(false)} /> : null}
    </li>
  );
}
