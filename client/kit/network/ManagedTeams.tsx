import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../session/useSession.ts';
import { useGetChurchesQuery, useGetDepartmentsQuery, useGetMyTeamsQuery } from './networkApi.ts';

/** A team (a church + a department) the signed-in user manages: one they lead, or any for an admin or network leader. */
export interface ManagedTeam {
  churchId: number;
  churchName: string;
  departmentId: number;
  departmentName: string;
}

/** The `?equipe=<churchId>-<departmentId>` of /equipes: the team shown. */
const TEAM_PARAM = 'equipe';
const keyOf = (team: Pick<ManagedTeam, 'churchId' | 'departmentId'>) => `${team.churchId}-${team.departmentId}`;

/**
 * The teams the user manages (docs/product.md §8): admins and accounts of role `leader` every church's every
 * department; a team leader the teams they lead. Undefined while loading.
 */
export function useManagedTeams(): { teams: ManagedTeam[] | undefined; failed: boolean } {
  const session = useSession();
  const network = session.status === 'signedIn' && session.canAllocate;
  const mine = useGetMyTeamsQuery(undefined, { skip: session.status !== 'signedIn' || network });
  const churches = useGetChurchesQuery(undefined, { skip: !network });
  const departments = useGetDepartmentsQuery(undefined, { skip: !network });
  if (network) {
    if (!churches.data || !departments.data) return { teams: undefined, failed: churches.isError || departments.isError };
    const teams = churches.data.flatMap((church) =>
      departments.data!.map((department) => ({ churchId: church.id, churchName: church.name, departmentId: department.id, departmentName: department.name })),
    );
    return { teams, failed: false };
  }
  if (!mine.data) return { teams: undefined, failed: mine.isError };
  return {
    teams: mine.data
      .filter((team) => team.leader)
      .map((team) => ({ churchId: team.church.id, churchName: team.church.name, departmentId: team.department.id, departmentName: team.department.name })),
    failed: false,
  };
}

export interface TeamsPageProps {
  /** The sections of the chosen team, side by side. */
  renderTeam: (team: ManagedTeam) => ReactNode;
  /** Sections about all the user's teams at once, under the team's. */
  children?: ReactNode;
}

/**
 * /equipes: the user chooses one of the teams they manage (kept in the address, `?equipe=`), and the page draws its
 * sections; someone who manages no team is told who does.
 */
export function TeamsPage({ renderTeam, children }: TeamsPageProps) {
  const id = useId();
  const { teams, failed } = useManagedTeams();
  const [params, setParams] = useSearchParams();
  const chosen = teams?.find((team) => keyOf(team) === params.get(TEAM_PARAM)) ?? (teams?.length === 1 ? teams[0] : undefined);
  const byChurch = new Map<string, ManagedTeam[]>();
  for (const team of teams ?? []) byChurch.set(team.churchName, [...(byChurch.get(team.churchName) ?? []), team]);

  return (
    <div className="teams-page">
      <h1 className="teams-page__title">Equipes</h1>
      {failed ? (
        <p role="alert">Não foi possível carregar suas equipes. Tente novamente.</p>
      ) : !teams ? (
        <p>Carregando…</p>
      ) : teams.length === 0 ? (
        <p role="note">Você ainda não lidera nenhuma equipe. Os líderes de cada equipe e os administradores convidam pessoas por aqui.</p>
      ) : (
        <>
          <div className="field teams-page__chooser">
            <label className="field__label" htmlFor={`${id}-team`}>
              Equipe
            </label>
            <select
              id={`${id}-team`}
              className="field__input"
              value={chosen ? keyOf(chosen) : ''}
              onChange={(change) => setParams(change.target.value ? { [TEAM_PARAM]: change.target.value } : {}, { replace: true })}
            >
              <option value="">Escolha uma equipe</option>
              {[...byChurch].map(([church, list]) => (
                <optgroup key={church} label={church}>
                  {list.map((team) => (
                    <option key={keyOf(team)} value={keyOf(team)}>
                      {team.departmentName} — {team.churchName}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          {chosen ? (
            <div key={keyOf(chosen)} className="teams-page__sections">
              {renderTeam(chosen)}
            </div>
          ) : (
            <p>Escolha a equipe para convidar pessoas e ver quem já faz parte dela.</p>
          )}
        </>
      )}
      {children}
    </div>
  );
}
