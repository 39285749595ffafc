import type { Position } from '../../../shared/schemas/network.ts';

export interface Membership {
  positions: number[];
  leader: boolean;
}

export interface MembershipFieldsProps {
  idPrefix: string;
  /** The department's positions; undefined while they load. */
  positions: readonly Position[] | undefined;
  value: Membership;
  onChange: (value: Membership) => void;
  /** Who the fields are about, for assistive technology: `Ana Souza`. */
  personName?: string;
}

/** The positions a member can fill in the team (checkboxes) and whether they lead it. */
export function MembershipFields({ idPrefix, positions, value, onChange, personName }: MembershipFieldsProps) {
  const toggle = (id: number, checked: boolean) =>
    onChange({ ...value, positions: checked ? [...value.positions, id] : value.positions.filter((position) => position !== id) });
  return (
    <div className="network-membership">
      <fieldset className="network-membership__positions">
        <legend className="field__label">{personName ? `Funções de ${personName}` : 'Funções'}</legend>
        {positions === undefined ? (
          <p className="network-admin__status">Carregando funções…</p>
        ) : positions.length === 0 ? (
          <p className="network-admin__status">Este departamento ainda não tem funções (crie-as em Departamentos e funções).</p>
        ) : (
          positions.map((position) => (
            <label key={position.id} className="network-membership__option" htmlFor={`${idPrefix}-position-${position.id}`}>
              <input
                id={`${idPrefix}-position-${position.id}`}
                type="checkbox"
                checked={value.positions.includes(position.id)}
                onChange={(change) => toggle(position.id, change.target.checked)}
              />
              {position.name}
            </label>
          ))
        )}
      </fieldset>
      <label className="network-membership__option" htmlFor={`${idPrefix}-leader`}>
        <input id={`${idPrefix}-leader`} type="checkbox" checked={value.leader} onChange={(change) => onChange({ ...value, leader: change.target.checked })} />
        Líder da equipe
      </label>
    </div>
  );
}
