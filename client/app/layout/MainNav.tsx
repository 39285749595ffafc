import { Link, NavLink } from 'react-router';
import { leadsATeam, networkApi } from '../../kit/network/networkApi.ts';
import { useSession } from '../../kit/session/useSession.ts';
import { useAppSelector } from '../hooks.ts';

/** Sections that do not have pages of their own yet: all of them lead to the home page. */
const HOME_SECTIONS = ['Ministério', 'Igrejas', 'Escolas', 'Rede', 'Departamentos'] as const;

const selectMyTeams = networkApi.endpoints.getMyTeams.select();

export function MainNav() {
  const session = useSession();
  // Whether I lead a team, as far as the cache already knows (the home page and the matrix ask): the navigation
  // itself asks nothing, so every other page makes exactly the calls it made before.
  const leadsTeam = useAppSelector((state) => leadsATeam(selectMyTeams(state).data));
  const signedIn = session.status === 'signedIn';
  return (
    <nav className="main-nav" aria-label="Navegação principal">
      <ul className="main-nav__list">
        <li>
          <NavLink to="/" end className="main-nav__link">
            Início
          </NavLink>
        </li>
        {HOME_SECTIONS.map((section) => (
          <li key={section}>
            <Link to="/" className="main-nav__link">
              {section}
            </Link>
          </li>
        ))}
        <li>
          <NavLink to="/events" className="main-nav__link">
            Eventos
          </NavLink>
        </li>
        {signedIn && (session.canAllocate || leadsTeam) ? (
          <li>
            <NavLink to="/escalas/lacunas" className="main-nav__link">
              Lacunas
            </NavLink>
          </li>
        ) : null}
        {signedIn && session.user.role === 'admin' ? (
          <li>
            <NavLink to="/rede" className="main-nav__link">
              Gestão da rede
            </NavLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
