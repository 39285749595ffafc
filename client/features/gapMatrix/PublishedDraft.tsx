import { useId, type Ref } from 'react';
import type { DraftPlace, PublishDraftResponse } from '../../../shared/schemas/drafts.ts';
import { eventName } from '../../kit/eventName.ts';
import { eventDateTime } from '../../kit/eventTime.ts';

export interface PublishedDraftProps {
  result: PublishDraftResponse;
  /** The draft's places as they were published, to name the skipped ones. */
  places: readonly DraftPlace[];
  timeZone: string;
  /** The outcome's first line, which takes the focus once published. */
  outcomeRef: Ref<HTMLParagraphElement>;
}

const invitations = (n: number) => (n === 1 ? '1 convite enviado' : `${n} convites enviados`);

/** `Culto, 22 de novembro de 2026 às 19:00:00 · Louvor — Vocal · Vera Vocal`: which place was skipped. */
function placeText(place: DraftPlace | undefined, timeZone: string): string {
  if (!place) return 'Lugar';
  const parts = [
    `${eventName(place.event)}, ${eventDateTime(place.event, timeZone)}`,
    `${place.department.name} — ${place.position?.name ?? 'qualquer função'}`,
  ];
  if (place.user) parts.push(place.user.name);
  return parts.join(' · ');
}

/**
 * What publishing did (docs/product.md §9): the invitations created (pending allocations, e-mailed), and each
 * pick skipped because a rule breaks it now or the place was filled meanwhile, with the API's sentence.
 */
export function PublishedDraft({ result, places, timeZone, outcomeRef }: PublishedDraftProps) {
  const titleId = useId();
  const byId = new Map(places.map((place) => [place.id, place]));
  const { created, skipped } = result;
  return (
    <section className="draft-panel draft-panel--published" aria-labelledby={titleId}>
      <h2 id={titleId} className="draft-panel__title">
        Escala publicada
      </h2>
      <p ref={outcomeRef} className="draft-panel__summary" tabIndex={-1}>
        {invitations(created.length)}
        {skipped.length > 0 ? ` · ${skipped.length === 1 ? '1 lugar ficou de fora' : `${skipped.length} lugares ficaram de fora`}` : ''}.
      </p>
      {skipped.length > 0 ? (
        <ul className="draft-panel__skipped" aria-label="Lugares que ficaram de fora">
          {skipped.map((skip) => (
            <li key={skip.place_id}>
              <span className="draft-panel__skipped-place">{placeText(byId.get(skip.place_id), timeZone)}:</span> {skip.message}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="draft-panel__hint">Cada pessoa convidada recebe o convite e responde; a matriz mostra quem ainda não respondeu.</p>
    </section>
  );
}
