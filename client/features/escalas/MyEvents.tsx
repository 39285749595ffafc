import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MyEvent } from '../../../shared/schemas/escalas.ts';
import { placeText } from '../../../shared/serviceText.ts';
import type { Session } from '../../kit/session/useSession.ts';
import { MyService } from './MyService.tsx';
import { useMyEvents } from './useMyEvents.ts';

/** What My Events puts on the board of the window's events, which the events page draws. */
export interface MyEventsBoardParts {
  heading: string;
  intro?: ReactNode;
  events: readonly MyEvent[] | undefined;
  isLoading: boolean;
  emptyText: string;
  /** The department I serve in, under each event. */
  eventDetail: (event: MyEvent) => ReactNode;
  /** Under each event: my answer, `Confirmar` / `Não posso`, who serves with me. */
  eventExtras?: (event: MyEvent) => ReactNode;
}

export interface MyEventsProps {
  /** A signed-in member's, or one not known yet. */
  session: Session;
  renderBoard: (parts: MyEventsBoardParts) => ReactNode;
  /** Above the board: what another feature offers me (the cover requests I may take). */
  before?: ReactNode;
  /** Under each of my services, after my answer: what another feature offers for it ("Pedir cobertura"). */
  serviceExtras?: (event: MyEvent) => ReactNode;
  /** Offered first when I decline one of my services ("Pedir cobertura", docs/product.md §10). */
  declineAlternative?: (event: MyEvent) => ReactNode;
}

/**
 * Where I serve, and what the event is when it says: `Louvor — Vocal · Culto de jovens · Sede · Templo Sede` — the
 * church too, so that in a network nobody guesses which (docs/product.md §7).
 */
export function myEventDetail(event: MyEvent): string {
  const place = placeText(event.department.name, event.position?.name);
  return [place, event.title, event.church?.name, event.location].filter((part): part is string => Boolean(part)).join(' · ');
}

/**
 * My Events of a signed-in member: only where they serve, with the department and their answer, which they give
 * or change there while the event is ahead; their days highlighted.
 */
export function MyEvents({ session, renderBoard, before, serviceExtras, declineAlternative }: MyEventsProps) {
  const myEvents = useMyEvents({ skip: session.status !== 'signedIn' });
  const me = session.user;
  return renderBoard({
    heading: 'Minhas escalas',
    intro: me ? (
      <>
        {before}
        <p className="events-board__intro">
          Confirme ou recuse cada escala. Vai estar fora? Marque em <Link to="/disponibilidade">Minha disponibilidade</Link>.
        </p>
      </>
    ) : undefined,
    events: myEvents.data,
    isLoading: myEvents.isLoading || session.status === 'loading',
    emptyText: 'Você ainda não está escalado em nenhum evento.',
    eventDetail: myEventDetail,
    eventExtras: me ? (event) => <MyService service={event} memberId={me.id} extra={serviceExtras?.(event)} declineAlternative={declineAlternative?.(event)} /> : undefined,
  });
}
