import type { PositionRef } from '../../../shared/schemas/escalas.ts';
import { FormField } from '../../kit/FormField.tsx';
import { useGetPositionsQuery } from '../../kit/network/networkApi.ts';

export interface PositionFieldProps {
  id: string;
  /** The department the Department field names, if it is one of the network's. */
  departmentId: number | undefined;
  /** The chosen position's id as text; '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** A position chosen before the department's list arrived (the gap matrix's cell): shown while it loads. */
  preselected?: PositionRef | null | undefined;
}

/**
 * Função: the positions of the department being allocated (`GET /api/departments/{id}/positions`), or none.
 * Only the department's own positions are offered (another's would be 422 `unknown_position`).
 */
export function PositionField({ id, departmentId, value, onChange, preselected }: PositionFieldProps) {
  const positions = useGetPositionsQuery(departmentId ?? 0, { skip: departmentId === undefined });
  const list = departmentId === undefined ? [] : (positions.data ?? (preselected ? [preselected] : []));
  const hint =
    departmentId === undefined
      ? 'Escolha um departamento da lista para ver as funções.'
      : positions.isError
        ? 'Não foi possível carregar as funções deste departamento.'
        : positions.data && positions.data.length === 0
          ? 'Este departamento não tem funções cadastradas.'
          : undefined;
  return (
    <FormField id={id} label="Função" hint={hint}>
      {(control) => (
        <select
          {...control}
          className="field__input"
          name="position"
          value={list.some((position) => String(position.id) === value) ? value : ''}
          disabled={list.length === 0}
          onChange={(change) => onChange(change.target.value)}
        >
          <option value="">Sem função definida</option>
          {list.map((position) => (
            <option key={position.id} value={String(position.id)}>
              {position.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
