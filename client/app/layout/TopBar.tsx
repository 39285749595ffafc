import { Link } from 'react-router';
import { usePublicConfig } from '../publicConfig.ts';
import { firstNameOf, useSession } from '../../kit/session/useSession.ts';
import { Icon } from '../../kit/Icon.tsx';

/**
 * The dark bar at the top: the portal's name and the way to the login/account page, which reads `Entrar`
 * for a visitor and the user's first name once signed in.
 */
export function TopBar() {
  const { portalName } = usePublicConfig();
  const session = useSession();
  return (
    <div className="top-bar">
      <div className="top-bar__inner">
        <Link to="/" className="top-bar__brand">
          <span className="top-bar__mark">
            <Icon name="cross" size={18} />
          </span>
          <span className="top-bar__name">{portalName}</span>
        </Link>
        <Link to="/login" className="top-bar__account" title={session.user ? 'Minha conta' : undefined}>
          <Icon name="user" size={18} />
          <span>{session.user ? firstNameOf(session.user) : 'Entrar'}</span>
        </Link>
      </div>
    </div>
  );
}
