import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { leadsATeam, networkApi } from '../../kit/network/networkApi.ts';
import { useSession } from '../../kit/session/useSession.ts';
import { useAppSelector } from '../hooks.ts';

/** Sections that do not have pages of their own yet: all of them lead to the home page. */
const HOME_SECTIONS = ['Ministério', 'Igrejas', 'Escolas', 'Rede', 'Departamentos'] as const;

const selectMyTeams = networkApi.endpoints.getMyTeams.select();

/**
 * On a phone the menu is one row that scrolls sideways (Shell.css): the current page's link is scrolled into
 * the row's view (`Eventos` on /events), without moving the page.
 */
function useCurrentLinkInView() {
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    const start = current.offsetLeft;
    const end = start + current.offsetWidth;
    if (start < list.scrollLeft) list.scrollLeft = start;
    else if (end > list.scrollLeft + list.clientWidth) list.scrollLeft = end - list.clientWidth;
  }, [pathname]);
  return listRef;
}

export function MainNav() {
  const session = useSession();
  // Whether I lead a team, as far as the cache already knows (the home page and the matrix ask): the navigation
  // itself asks nothing, so every other page makes exactly the calls it made before.
  const leadsTeam = useAppSelector((state) => leadsATeam(selectMyTeams(state).data));
  const signedIn = session.status === 'signedIn';
  const listRef = useCurrentLinkInView();
  return (
    <nav className="main-nav" aria-label="Navegação principal">
      <ul ref={listRef} className="main-nav__list">
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
        {signedIn ? (
          <li>
            <NavLink to="/equipes" className="main-nav__link">
              Equipes
            </NavLink>
          </li>
        ) : null}
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
