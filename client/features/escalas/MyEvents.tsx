import type { ReactNode } from 'react';
import type { MyEvent } from '../../../shared/schemas/escalas.ts';
import type { Session } from '../../kit/session/useSession.ts';
import { useMyEvents } from './useMyEvents.ts';

/** What My Events puts on the board of the window's events, which the events page draws. */
export interface MyEventsBoardParts {
  heading: string;
  events: readonly MyEvent[] | undefined;
  isLoading: boolean;
  emptyText: string;
  /** The department I serve in, under each event. */
  eventDetail: (event: MyEvent) => ReactNode;
}

export interface MyEventsProps {
  /** A signed-in member's, or one not known yet. */
  session: Session;
  renderBoard: (parts: MyEventsBoardParts) => ReactNode;
}

/** My Events of a signed-in member: only where they serve, with the department; their days highlighted. */
export function MyEvents({ session, renderBoard }: MyEventsProps) {
  const myEvents = useMyEvents({ skip: session.status !== 'signedIn' });
  return renderBoard({
    heading: 'Minhas escalas',
    events: myEvents.data,
    isLoading: myEvents.isLoading || session.status === 'loading',
    emptyText: 'Você ainda não está escalado em nenhum evento.',
    eventDetail: (event) => event.department.name,
  });
}
