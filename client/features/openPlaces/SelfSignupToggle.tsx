import { useId, useState } from 'react';
import { portalErrorOf } from '../../kit/portalError.ts';
import { useGetTeamSettingsQuery, usePatchTeamSettingsMutation } from './openPlacesApi.ts';

export interface SelfSignupToggleProps {
  churchId: number;
  departmentId: number;
  /** The team, when several toggles share a page: the checkbox reads `Vagas abertas: Louvor — Sede`. */
  teamLabel?: string;
}

/** "Vagas abertas" of a team (docs/product.md §10): may its members sign themselves up for its open places. */
export function SelfSignupToggle({ churchId, departmentId, teamLabel }: SelfSignupToggleProps) {
  const id = useId();
  const hintId = useId();
  const settings = useGetTeamSettingsQuery({ churchId, departmentId });
  const [patch, saving] = usePatchTeamSettingsMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const change = async (selfSignup: boolean) => {
    setProblem(null);
    try {
      await patch({ churchId, departmentId, selfSignup }).unwrap();
    } catch (error) {
      setProblem(portalErrorOf(error, 'Não foi possível salvar. Tente novamente.').message);
    }
  };
  return (
    <div className="field field--checkbox">
      <label htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={settings.data?.self_signup ?? false}
          disabled={!settings.data || saving.isLoading}
          aria-describedby={hintId}
          {...(teamLabel ? { 'aria-label': `Vagas abertas: ${teamLabel}` } : {})}
          onChange={(event) => void change(event.target.checked)}
        />{' '}
        Vagas abertas
      </label>
      <p id={hintId} className="field__hint">
        Os membros da equipe podem se inscrever sozinhos nos lugares que faltam.
      </p>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
