import { useId, useState, type ReactNode } from 'react';
import { useGetChurchesQuery, useGetDepartmentsQuery } from '../../kit/network/networkApi.ts';
import { TeamMembers } from './TeamMembers.tsx';

/**
 * Teams (a church + a department): the admin chooses one, then adds members with the positions they can fill,
 * marks team leaders, and removes members.
 */
export interface TeamsSectionProps {
  /** The chosen team's settings ("Vagas abertas"), drawn above its members. */
  renderTeamSettings?: (team: { churchId: number; departmentId: number }) => ReactNode;
}

export function TeamsSection({ renderTeamSettings }: TeamsSectionProps = {}) {
  const headingId = useId();
  const churches = useGetChurchesQuery();
  const departments = useGetDepartmentsQuery();
  const [churchId, setChurchId] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const church = churches.data?.find((candidate) => String(candidate.id) === churchId);
  const department = departments.data?.find((candidate) => String(candidate.id) === departmentId);

  return (
    <section className="network-admin__card" aria-labelledby={headingId} id="equipes">
      <h2 id={headingId} className="network-admin__subtitle">
        Equipes
      </h2>
      <p className="network-admin__lead">Uma equipe é um departamento numa igreja. O líder da equipe escala só nos eventos dela.</p>
      <div className="network-admin__filters">
        <div className="field">
          <label className="field__label" htmlFor={`${headingId}-church`}>
            Igreja da equipe
          </label>
          <select id={`${headingId}-church`} className="field__input" value={churchId} onChange={(change) => setChurchId(change.target.value)}>
            <option value="">Escolha uma igreja</option>
            {(churches.data ?? []).map((option) => (
              <option key={option.id} value={String(option.id)}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${headingId}-department`}>
            Departamento da equipe
          </label>
          <select id={`${headingId}-department`} className="field__input" value={departmentId} onChange={(change) => setDepartmentId(change.target.value)}>
            <option value="">Escolha um departamento</option>
            {(departments.data ?? []).map((option) => (
              <option key={option.id} value={String(option.id)}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {church && department ? (
        <>
          {renderTeamSettings?.({ churchId: church.id, departmentId: department.id })}
          <TeamMembers key={`${church.id}-${department.id}`} church={church} department={department} />
        </>
      ) : (
        <p className="network-admin__status">Escolha a igreja e o departamento para ver a equipe.</p>
      )}
    </section>
  );
}
