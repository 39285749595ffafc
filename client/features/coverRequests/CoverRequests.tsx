import { memo, useDeferredValue, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { COVER_LINK_PARAM } from '../../../shared/coverLink.ts';
import type { OpenCoverRequest } from '../../../shared/schemas/coverRequests.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { eventName } from '../../kit/eventName.ts';
import { eventDateTime } from '../../kit/eventTime.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { useAcceptCoverRequestMutation, useGetMyCoverRequestsQuery } from './coverRequestsApi.ts';
import './CoverRequests.css';

const placeText = (request: Pick<OpenCoverRequest, 'department' | 'position'>) =>
  request.position ? `${request.department.name} — ${request.position.name}` : request.department.name;

/**
 * "Pedidos de cobertura" (docs/product.md §10): the places people of my teams asked someone to take and I may, each
 * with "Assumir"; the first to accept gets it, confirmed. The request an e-mailed link names is marked. Nothing
 * when there is none (and no link asks for one).
 */
export function CoverRequests() {
  // The answer is drawn in a deferred render, which yields: the store's update re-renders this component alone
  // (docs/performance.md).
  const requests = useDeferredValue(useGetMyCoverRequestsQuery(undefined, { refetchOnMountOrArgChange: true }));
  return <CoverRequestList requests={requests} />;
}

const CoverRequestList = memo(function CoverRequestList({ requests }: { requests: { data?: OpenCoverRequest[] } }) {
  const { timeZone } = usePublicConfig();
  const headingId = useId();
  const [params] = useSearchParams();
  const chosen = Number(params.get(COVER_LINK_PARAM)) || null;
  const [accept] = useAcceptCoverRequestMutation();
  const [busy, setBusy] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);

  const take = async (request: OpenCoverRequest) => {
    setBusy(request.id);
    setOutcome(null);
    try {
      await accept({ requestId: request.id }).unwrap();
      setOutcome({ text: `Pronto! Você assumiu o lugar de ${request.requester.name} em ${placeText(request)} — ${eventName(request.event)}, ${eventDateTime(request.event, timeZone)}.`, failed: false });
    } catch (error) {
      setOutcome({ text: portalErrorOf(error, 'Não foi possível assumir. Tente novamente.').message, failed: true });
    } finally {
      setBusy(null);
    }
  };

  if (!requests.data || (requests.data.length === 0 && outcome === null && chosen === null)) return null;
  return (
    <section className="cover-requests" aria-labelledby={headingId}>
      <h2 id={headingId} className="cover-requests__title">
        Pedidos de cobertura
      </h2>
      <p className={`cover-requests__status${outcome?.failed ? ' cover-requests__status--error' : ''}`} role="status">
        {outcome?.text ?? ''}
      </p>
      {requests.data.length === 0 ? (
        <p className="cover-requests__status">{chosen !== null ? 'Este pedido já foi assumido ou retirado, ou você não pode assumi-lo.' : 'Nenhum pedido de cobertura para você agora.'}</p>
      ) : (
        <ul className="cover-requests__list" aria-labelledby={headingId}>
          {requests.data.map((request) => (
            <li key={request.id} className={`cover-requests__item${request.id === chosen ? ' cover-requests__item--chosen' : ''}`}>
              <span>
                <strong>{request.requester.name}</strong> precisa de alguém em {placeText(request)}: {request.event.title ?? eventName(request.event)} —{' '}
                {eventDateTime(request.event, timeZone)}
                {request.note ? <span className="cover-requests__note"> · Recado: {request.note}</span> : null}
              </span>
              <button
                type="button"
                className="button button--primary cover-requests__action"
                disabled={busy !== null}
                aria-label={`Assumir o lugar de ${request.requester.name}: ${placeText(request)}, ${eventName(request.event)}, ${eventDateTime(request.event, timeZone)}`}
                onClick={() => void take(request)}
              >
                {busy === request.id ? 'Assumindo…' : 'Assumir'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
