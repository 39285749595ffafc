import { useId, useState } from 'react';
import type { Department } from '../../../shared/schemas/escalas.ts';
import type { Church, Position, TeamMembership } from '../../../shared/schemas/network.ts';
import { useGetPositionsQuery } from '../../kit/network/networkApi.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { AddTeamMember } from './AddTeamMember.tsx';
import { MembershipFields, type Membership } from './MembershipFields.tsx';
import { useGetTeamMembersQuery, usePutTeamMemberMutation, useRemoveTeamMemberMutation } from './networkAdminApi.ts';

export interface TeamMembersProps {
  church: Church;
  department: Department;
}

/** One team's members (leaders first) with their positions, a way to change or remove each, and the add form. */
export function TeamMembers({ church, department }: TeamMembersProps) {
  const team = { churchId: church.id, departmentId: department.id };
  const headingId = useId();
  const members = useGetTeamMembersQuery(team);
  const positions = useGetPositionsQuery(department.id);
  const [announcement, setAnnouncement] = useState('');
  const teamName = `${department.name} — ${church.name}`;

  return (
    <div className="network-team" aria-labelledby={headingId} role="group">
      <h3 id={headingId} className="network-admin__name">
        Equipe {teamName}
      </h3>
      {members.isLoading ? (
        <p className="network-admin__status">Carregando a equipe…</p>
      ) : members.isError ? (
        <p className="network-admin__status network-admin__status--error" role="alert">
          {portalErrorOf(members.error, 'Não foi possível carregar a equipe.').message}
        </p>
      ) : members.data && members.data.length > 0 ? (
        <ul className="network-admin__list" aria-label={`Membros da equipe ${teamName}`}>
          {members.data.map((membership) => (
            <TeamMemberItem key={membership.member.id} membership={membership} positions={positions.data} onAnnounce={setAnnouncement} />
          ))}
        </ul>
      ) : (
        <p className="network-admin__status">Ninguém nesta equipe ainda.</p>
      )}
      <AddTeamMember church={church} department={department} positions={positions.data} onAdded={setAnnouncement} />
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}

interface TeamMemberItemProps {
  membership: TeamMembership;
  positions: readonly Position[] | undefined;
  onAnnounce: (message: string) => void;
}

function TeamMemberItem({ membership, positions, onAnnounce }: TeamMemberItemProps) {
  const id = useId();
  const { member } = membership;
  const team = { churchId: membership.church_id, departmentId: membership.department_id };
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<Membership>({ positions: membership.positions.map((position) => position.id), leader: membership.leader });
  const [putTeamMember, saving] = usePutTeamMemberMutation();
  const [removeTeamMember, removing] = useRemoveTeamMemberMutation();
  const [error, setError] = useState<string | null>(null);
  const busy = saving.isLoading || removing.isLoading;

  const startEditing = () => {
    setValue({ positions: membership.positions.map((position) => position.id), leader: membership.leader });
    setEditing(true);
  };
  const save = async () => {
    if (busy) return;
    setError(null);
    const result = await putTeamMember({ ...team, userId: member.id, positions: value.positions, leader: value.leader });
    if (result.error) return setError(portalErrorOf(result.error, 'Não foi possível salvar. Tente novamente.').message);
    setEditing(false);
    onAnnounce(`${member.name}: alterações salvas.`);
  };
  const remove = async () => {
    if (busy) return;
    setError(null);
    const result = await removeTeamMember({ ...team, userId: member.id });
    const failure = result.error ? portalErrorOf(result.error, 'Não foi possível remover. Tente novamente.') : null;
    // 404: removed already (elsewhere); the list refreshes either way.
    if (failure && failure.status !== 404) return setError(failure.message);
    onAnnounce(`${member.name} saiu da equipe.`);
  };

  return (
    <li className="network-admin__item network-team__member" aria-labelledby={`${id}-name`} data-member-id={member.id}>
      <span className="network-admin__identity">
        <span id={`${id}-name`} className="network-admin__name">
          {member.name}
        </span>
        <span className="network-admin__detail">{member.email}</span>
        {membership.leader ? <span className="network-admin__badge">Líder da equipe</span> : null}
      </span>
      <span className="network-admin__detail">
        {membership.positions.length > 0 ? membership.positions.map((position) => position.name).join(', ') : 'Nenhuma função marcada'}
      </span>
      {membership.max_services_per_month !== null ? (
        <span className="network-admin__detail">
          No máximo {membership.max_services_per_month} {membership.max_services_per_month === 1 ? 'escala' : 'escalas'} por mês
        </span>
      ) : null}
      {editing ? (
        <>
          <MembershipFields idPrefix={id} positions={positions} value={value} onChange={setValue} personName={member.name} />
          <span className="network-admin__actions">
            <button type="button" className="button button--primary" aria-disabled={busy || undefined} onClick={() => void save()}>
              {saving.isLoading ? <Spinner /> : null}
              Salvar
            </button>
            <button type="button" className="button button--secondary" onClick={() => setEditing(false)}>
              Cancelar
            </button>
          </span>
        </>
      ) : (
        <span className="network-admin__actions">
          <button type="button" className="button button--secondary" aria-label={`Editar ${member.name}`} onClick={startEditing}>
            Editar
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-label={`Remover ${member.name} da equipe`}
            aria-disabled={busy || undefined}
            onClick={() => void remove()}
          >
            {removing.isLoading ? <Spinner /> : null}
            Remover
          </button>
        </span>
      )}
      {error ? (
        <p className="network-admin__status network-admin__status--error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
