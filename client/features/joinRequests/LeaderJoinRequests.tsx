import { useId, useState } from 'react';
import { formatShortDateTime } from '../../../shared/formats.ts';
import type { TeamJoinRequest } from '../../../shared/schemas/joinRequests.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { leadsATeam, useGetMyTeamsQuery } from '../../kit/network/networkApi.ts';
import { useSession } from '../../kit/session/useSession.ts';
import { DecideJoinRequestDialog } from './DecideJoinRequestDialog.tsx';
import { useGetJoinRequestsToDecideQuery } from './joinRequestsApi.ts';
import { positionsText, teamText } from './joinRequestText.ts';
import './JoinRequests.css';

/** The leader calls are for admins, network leaders and whoever leads a team. */
function useLeads(): boolean {
  const session = useSession();
  const teams = useGetMyTeamsQuery(undefined, { skip: session.status !== 'signedIn' || session.canAllocate });
  return session.status === 'signedIn' && (session.canAllocate || leadsATeam(teams.data));
}

/**
 * "Pedidos para servir" (docs/product.md §13): the pending requests of the teams I lead (an admin: of every team),
 * oldest first, each with "Aprovar" (choosing the positions) and "Recusar" (an optional reason). Nothing for someone
 * who leads no team.
 */
export function LeaderJoinRequests() {
  const leads = useLeads();
  return leads ? <JoinRequestsToDecide /> : null;
}

function JoinRequestsToDecide() {
  const { timeZone } = usePublicConfig();
  const headingId = useId();
  const requests = useGetJoinRequestsToDecideQuery();
  const [deciding, setDeciding] = useState<{ request: TeamJoinRequest; decision: 'approve' | 'decline' } | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  return (
    <section className="join-requests" aria-labelledby={headingId}>
      <h2 id={headingId} className="join-requests__title">
        Pedidos para servir
      </h2>
      <p className="join-requests__status join-requests__status--done" role="status">
        {outcome ?? ''}
      </p>
      {requests.data === undefined ? (
        <p className="join-requests__status">{requests.isError ? 'Não foi possível carregar os pedidos.' : 'Carregando pedidos…'}</p>
      ) : requests.data.length === 0 ? (
        <p className="join-requests__status">Nenhum pedido aguardando resposta nas equipes que você lidera.</p>
      ) : (
        <ul className="join-requests__list" aria-labelledby={headingId}>
          {requests.data.map((request) => (
            <li key={request.id} className="join-requests__item">
              <span className="join-requests__text">
                <strong>{request.member.name}</strong> <span className="join-requests__email">({request.member.email})</span> quer servir em <strong>{teamText(request)}</strong>
                <span className="join-requests__detail">
                  {request.positions.length > 0 ? `Funções: ${positionsText(request.positions)}` : 'Não escolheu funções'} · pedido em {formatShortDateTime(request.created_at, timeZone)}
                </span>
                {request.note ? <span className="join-requests__detail">Recado: {request.note}</span> : null}
              </span>
              <span className="join-requests__actions">
                <button
                  type="button"
                  className="button button--primary join-requests__action"
                  aria-label={`Aprovar ${request.member.name}: ${teamText(request)}`}
                  onClick={() => {
                    setOutcome(null);
                    setDeciding({ request, decision: 'approve' });
                  }}
                >
                  Aprovar
                </button>
                <button
                  type="button"
                  className="button button--secondary join-requests__action"
                  aria-label={`Recusar ${request.member.name}: ${teamText(request)}`}
                  onClick={() => {
                    setOutcome(null);
                    setDeciding({ request, decision: 'decline' });
                  }}
                >
                  Recusar
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {deciding ? (
        <DecideJoinRequestDialog
          request={deciding.request}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onDecided={(text) => {
            setDeciding(null);
            setOutcome(text);
          }}
        />
      ) : null}
    </section>
  );
}
