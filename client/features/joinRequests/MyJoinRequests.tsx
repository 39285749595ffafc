import { useId } from 'react';
import { formatShortDateTime } from '../../../shared/formats.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { useGetMyJoinRequestsQuery } from './joinRequestsApi.ts';
import { positionsText, statusLabel, teamText } from './joinRequestText.ts';
import './JoinRequests.css';

/** My requests to serve (docs/product.md §13), newest first: the team, the positions asked, the state and — declined — the reason. */
export function MyJoinRequests() {
  const { timeZone } = usePublicConfig();
  const headingId = useId();
  const requests = useGetMyJoinRequestsQuery();
  return (
    <div className="join-requests__mine">
      <h3 id={headingId} className="join-requests__subtitle">
        Meus pedidos
      </h3>
      {requests.data === undefined ? (
        <p className="join-requests__status">{requests.isError ? 'Não foi possível carregar seus pedidos.' : 'Carregando seus pedidos…'}</p>
      ) : requests.data.length === 0 ? (
        <p className="join-requests__status">Você ainda não pediu para servir em nenhuma equipe.</p>
      ) : (
        <ul className="join-requests__list" aria-labelledby={headingId}>
          {requests.data.map((request) => (
            <li key={request.id} className="join-requests__item">
              <span className="join-requests__text">
                <strong>{teamText(request)}</strong>
                {request.positions.length > 0 ? ` — ${positionsText(request.positions)}` : null}
                <span className="join-requests__when"> · pedido em {formatShortDateTime(request.created_at, timeZone)}</span>
                {request.status === 'declined' && request.reason ? <span className="join-requests__reason">Motivo: {request.reason}</span> : null}
              </span>
              <span className={`join-requests__state join-requests__state--${request.status}`}>{statusLabel(request.status)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
