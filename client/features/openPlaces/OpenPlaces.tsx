import { memo, useDeferredValue, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { addDays, dayKeyOf } from '../../../shared/days.ts';
import type { OpenPlace } from '../../../shared/schemas/openPlaces.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { eventName } from '../../kit/eventName.ts';
import { eventDateTime } from '../../kit/eventTime.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { useIdempotencyKey } from '../../kit/useIdempotencyKey.ts';
import { useGetMyOpenPlacesQuery, useSignUpMutation } from './openPlacesApi.ts';
import './OpenPlaces.css';

/** How far ahead "Vagas abertas" looks: the 8 weeks of the gap matrix. */
export const OPEN_PLACES_DAYS = 56;

/** The SOS e-mail's link names its place: `?vaga=<event>-<department>-<position or 0>`. */
const PLACE_PARAM = 'vaga';

const keyOf = (place: OpenPlace) => `${place.event.id}-${place.department.id}-${place.position?.id ?? 0}`;

/**
 * "Vagas abertas" (docs/product.md §10): the places I may take — of my teams that let members sign up, or asked for
 * by an SOS — each with "Quero servir". The place an SOS link names is marked. Nothing when there is none.
 */
export function OpenPlaces() {
  const { timeZone } = usePublicConfig();
  const [range] = useState(() => {
    const today = dayKeyOf(new Date(), timeZone);
    return { from: today, to: addDays(today, OPEN_PLACES_DAYS) };
  });
  // The answer is drawn in a deferred render, which yields: the store's update re-renders this component alone
  // (docs/performance.md).
  const places = useDeferredValue(useGetMyOpenPlacesQuery(range, { refetchOnMountOrArgChange: true }));
  return <OpenPlaceList places={places} />;
}

const OpenPlaceList = memo(function OpenPlaceList({ places }: { places: { data?: OpenPlace[] } }) {
  const { timeZone } = usePublicConfig();
  const headingId = useId();
  const [params] = useSearchParams();
  const chosen = params.get(PLACE_PARAM);
  const [signUp] = useSignUpMutation();
  const idempotency = useIdempotencyKey();
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);

  const take = async (place: OpenPlace) => {
    const request = { eventId: place.event.id, departmentId: place.department.id, positionId: place.position?.id ?? null };
    setBusy(keyOf(place));
    setOutcome(null);
    try {
      await signUp({ ...request, idempotencyKey: idempotency.keyFor(request) }).unwrap();
      idempotency.succeeded();
      setOutcome({ text: `Pronto! Você está na escala de ${placeText(place)} — ${eventName(place.event)}, ${eventDateTime(place.event, timeZone)}.`, failed: false });
    } catch (error) {
      setOutcome({ text: portalErrorOf(error, 'Não foi possível se inscrever. Tente novamente.').message, failed: true });
    } finally {
      setBusy(null);
    }
  };

  if (!places.data || (places.data.length === 0 && outcome === null && chosen === null)) return null;
  return (
    <section className="open-places" aria-labelledby={headingId}>
      <h2 id={headingId} className="open-places__title">
        Vagas abertas
      </h2>
      <p className={`open-places__status${outcome?.failed ? ' open-places__status--error' : ''}`} role="status">
        {outcome?.text ?? ''}
      </p>
      {places.data.length === 0 ? (
        <p className="open-places__status">{chosen !== null ? 'Esta vaga já foi preenchida, ou você não pode assumi-la.' : 'Nenhuma vaga aberta para você agora.'}</p>
      ) : (
        <>
          <p className="open-places__lead">Lugares que faltam nas suas equipes. Quem se inscreve primeiro fica com a vaga, já confirmado(a).</p>
          <ul className="open-places__list" aria-labelledby={headingId}>
            {places.data.map((place) => (
              <li key={keyOf(place)} className={`open-places__item${keyOf(place) === chosen ? ' open-places__item--chosen' : ''}`}>
                <span>
                  <strong>{eventName(place.event)}</strong> — {eventDateTime(place.event, timeZone)}
                  {place.event.church ? ` · ${place.event.church.name}` : ''} · {placeText(place)}
                  {place.open > 1 ? ` (${place.open} vagas)` : ''}
                  {place.sos ? <span className="open-places__sos"> · SOS{place.sos.note ? `: ${place.sos.note}` : ''}</span> : null}
                </span>
                <button
                  type="button"
                  className="button button--primary open-places__action"
                  disabled={busy !== null}
                  aria-label={`Quero servir: ${placeText(place)}, ${eventName(place.event)}, ${eventDateTime(place.event, timeZone)}`}
                  onClick={() => void take(place)}
                >
                  {busy === keyOf(place) ? 'Inscrevendo…' : 'Quero servir'}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
});

function placeText(place: Pick<OpenPlace, 'department' | 'position'>): string {
  return place.position ? `${place.department.name} — ${place.position.name}` : place.department.name;
}
