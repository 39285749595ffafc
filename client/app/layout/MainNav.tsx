import { Link, NavLink } from 'react-router';

/** Sections that do not have pages of their own yet: all of them lead to the home page. */
const HOME_SECTIONS = ['Ministério', 'Igrejas', 'Escolas', 'Rede', 'Departamentos'] as const;

export function MainNav() {
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
      </ul>
    </nav>
  );
}
