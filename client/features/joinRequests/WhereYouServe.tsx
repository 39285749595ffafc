import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PORTAL_ROUTES } from '../../../shared/portalRoutes.ts';
import { useGetMyTeamsQuery } from '../../kit/network/networkApi.ts';
import { ServeRequestForm } from './ServeRequestForm.tsx';
import './JoinRequests.css';

export interface WhereYouServeProps {
  /** "Agora não", or "Continuar" once sent: the page goes on without it. */
  onDone: () => void;
}

/**
 * "Onde você serve?" (docs/product.md §13): right after an account is created, the join request offered at once, and
 * skippable. Nothing for an account already on a team (it joined through an invitation).
 */
export function WhereYouServe({ onDone }: WhereYouServeProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const teams = useGetMyTeamsQuery();
  const [sent, setSent] = useState(false);
  const onTeam = (teams.data ?? []).length > 0;
  useEffect(() => {
    // Announced and reachable at once: the new member's next key press is in it.
    if (teams.data && !onTeam) headingRef.current?.focus();
  }, [teams.data, onTeam]);

  if (!teams.data || onTeam) return null;
  return (
    <section className="join-requests join-requests--welcome" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="join-requests__title">
        Onde você serve?
      </h2>
      <p className="join-requests__lead">
        Sua conta foi criada. Conte em qual igreja e departamento você serve (ou quer servir): os líderes da equipe recebem seu pedido e respondem por e-mail.
      </p>
      <ServeRequestForm onSent={() => setSent(true)} />
      {sent ? (
        <p className="join-requests__lead">
          Quer servir em outra equipe também? Escolha outra acima. Seus pedidos ficam em <Link to={PORTAL_ROUTES.teams} onClick={onDone}>Equipes</Link>.
        </p>
      ) : null}
      <button type="button" className="button button--secondary join-requests__skip" onClick={onDone}>
        {sent ? 'Continuar' : 'Agora não'}
      </button>
    </section>
  );
}
