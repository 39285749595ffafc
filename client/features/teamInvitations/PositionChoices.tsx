import { useGetPositionsQuery } from '../../kit/network/networkApi.ts';

export interface PositionChoicesProps {
  departmentId: number;
  value: readonly number[];
  onChange: (positions: number[]) => void;
  disabled?: boolean;
}

/** The department's positions as checkboxes in a fieldset ("Funções"); none checked grants none. */
export function PositionChoices({ departmentId, value, onChange, disabled }: PositionChoicesProps) {
  const positions = useGetPositionsQuery(departmentId);
  return (
    <fieldset className="team-form__positions" disabled={disabled}>
      <legend className="field__label">Funções</legend>
      {positions.isLoading ? (
        <p>Carregando as funções…</p>
      ) : positions.isError ? (
        <p role="alert">Não foi possível carregar as funções.</p>
      ) : (positions.data ?? []).length === 0 ? (
        <p>Este departamento ainda não tem funções.</p>
      ) : (
        (positions.data ?? []).map((position) => (
          <label key={position.id} className="team-form__option">
            <input
              type="checkbox"
              checked={value.includes(position.id)}
              onChange={(change) => onChange(change.target.checked ? [...value, position.id] : value.filter((id) => id !== position.id))}
            />
            {position.name}
          </label>
        ))
      )}
    </fieldset>
  );
}
