import type { ReactNode } from 'react';
import type { User } from '../../../shared/schemas/auth.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { firstNameOf } from '../../kit/session/useSession.ts';
import './HomePage.css';

export interface SignedInHomeProps {
  user: User;
  /** The summaries under the greeting: my next services, a leader's missing answers. */
  children: ReactNode;
}

/** `/` for a signed-in user (docs/product.md §1): a greeting and their own summary instead of the placeholder. */
export function SignedInHome({ user, children }: SignedInHomeProps) {
  const { portalName } = usePublicConfig();
  useDocumentTitle();
  return (
    <div className="home-signed-in">
      <section className="home">
        <h1 className="home__title">Olá, {firstNameOf(user)}!</h1>
        <p className="home__text">Bem-vindo(a) ao {portalName}. Veja suas próximas escalas e o que falta responder.</p>
      </section>
      {children}
    </div>
  );
}
