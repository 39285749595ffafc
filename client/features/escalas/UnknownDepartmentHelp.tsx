import { Link } from 'react-router';

export interface UnknownDepartmentHelpProps {
  /** The department the leader typed. */
  department: string;
  /** An admin creates departments; a leader is told who can. */
  isAdmin: boolean;
}

/**
 * After 422 `unknown_department`: where to go. An admin gets a link to the network's admin page with the name
 * filled in; a leader is told that an administrator creates departments.
 */
export function UnknownDepartmentHelp({ department, isAdmin }: UnknownDepartmentHelpProps) {
  if (isAdmin) {
    return (
      <p>
        <Link to={{ pathname: '/rede', search: `?${new URLSearchParams({ departamento: department }).toString()}`, hash: '#departamentos' }}>
          Criar o departamento “{department}” na Gestão da rede
        </Link>
      </p>
    );
  }
  return <p>Só um administrador da rede cria departamentos: peça a um deles para criar “{department}”, ou escolha um departamento da lista.</p>;
}
