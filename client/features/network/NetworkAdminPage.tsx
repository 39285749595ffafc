import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { AuditSection } from './AuditSection.tsx';
import { ChurchesSection } from './ChurchesSection.tsx';
import { DepartmentsSection } from './DepartmentsSection.tsx';
import { EventTypesSection } from './EventTypesSection.tsx';
import { PeopleSection } from './PeopleSection.tsx';
import { TeamsSection } from './TeamsSection.tsx';
import './NetworkAdmin.css';

export const NETWORK_ADMIN_TITLE = 'Gestão da rede';

/** `/rede?departamento=Som`: a department a leader typed, offered in the create form. */
export const SUGGESTED_DEPARTMENT_PARAM = 'departamento';

const SECTIONS = [
  ['#igrejas', 'Igrejas'],
  ['#departamentos', 'Departamentos e funções'],
  ['#tipos-de-evento', 'Tipos de evento'],
  ['#equipes', 'Equipes'],
  ['#pessoas', 'Pessoas e papéis'],
  ['#registro', 'Registro de atividades'],
] as const;

/**
 * /rede for an admin: the network's churches, departments and their positions, event types, teams (members,
 * positions, leaders) and people's roles, each listed with a form to add one; and the audit log (who did what).
 */
export interface NetworkAdminPageProps {
  /** The chosen team's settings (open places' "Vagas abertas", another feature's), under its filters. */
  renderTeamSettings?: (team: { churchId: number; departmentId: number }) => ReactNode;
}

export function NetworkAdminPage({ renderTeamSettings }: NetworkAdminPageProps = {}) {
  useDocumentTitle(NETWORK_ADMIN_TITLE);
  const titleId = useId();
  const [params] = useSearchParams();
  const suggestedDepartment = params.get(SUGGESTED_DEPARTMENT_PARAM)?.trim().slice(0, 100) || undefined;
  return (
    <div className="network-admin">
      <section className="network-admin__card" aria-labelledby={titleId}>
        <h1 id={titleId} className="network-admin__title">
          {NETWORK_ADMIN_TITLE}
        </h1>
        <p className="network-admin__lead">Igrejas, departamentos com suas funções, tipos de evento, equipes, papéis de cada pessoa e o registro de atividades.</p>
        <nav aria-label="Seções da gestão da rede">
          <ul className="network-admin__list network-admin__list--inline">
            {SECTIONS.map(([href, label]) => (
              <li key={href}>
                <a className="network-admin__jump" href={href}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </section>
      <ChurchesSection />
      <DepartmentsSection suggestedName={suggestedDepartment} />
      <EventTypesSection />
      <TeamsSection {...(renderTeamSettings ? { renderTeamSettings } : {})} />
      <PeopleSection />
      <AuditSection />
    </div>
  );
}
