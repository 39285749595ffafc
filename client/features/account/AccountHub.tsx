import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Role, User } from '../../../shared/schemas/auth.ts';
import { api } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { useLogoutMutation } from '../../kit/session/sessionApi.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { AccountData } from './AccountData.tsx';
import { CalendarFeed } from './CalendarFeed.tsx';
import { NotificationPreferences } from './NotificationPreferences.tsx';
import { PasswordChange } from './PasswordChange.tsx';
import './AccountHub.css';

const ROLE_LABELS: Record<Role, string> = {
  member: 'Membro',
  leader: 'Líder',
  admin: 'Administrador',
};

export interface AccountHubProps {
  user: User;
}

/**
 * /login for a signed-in user: who they are, `Sair`, their calendar feed, what reaches them, a password change, and
 * their data (download it, or remove the account).
 */
export function AccountHub({ user }: AccountHubProps) {
  useDocumentTitle('Minha conta');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [logout, { isLoading }] = useLogoutMutation();
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  const signOut = async () => {
    setError(null);
    const result = await logout();
    if (result.error) {
      setError(portalErrorOf(result.error, 'Não foi possível sair. Tente novamente.').message);
      return;
    }
    // Leave first, then forget every answer given to this user.
    await navigate('/');
    dispatch(api.util.resetApiState());
  };

  return (
    <div className="account">
      <section className="account-card account-card--profile" aria-labelledby={titleId}>
        <h1 id={titleId} className="account__title">
          Minha conta
        </h1>
        <dl className="account__facts">
          <div>
            <dt>Nome</dt>
            <dd>{user.name}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Papel</dt>
            <dd>{ROLE_LABELS[user.role]}</dd>
          </div>
        </dl>
        {error ? (
          <p className="account-card__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="button" className="button button--secondary account__signout" onClick={() => void signOut()} disabled={isLoading}>
          {isLoading ? <Spinner /> : null}
          Sair
        </button>
      </section>
      <CalendarFeed />
      <NotificationPreferences />
      <PasswordChange />
      <AccountData />
    </div>
  );
}
