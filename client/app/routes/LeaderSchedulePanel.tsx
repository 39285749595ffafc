import { LeaderSchedule, type LeaderScheduleProps } from '../../features/escalas/LeaderSchedule.tsx';
import { EventManageActions } from '../../features/events/management/EventManageActions.tsx';
import { NewEventButton } from '../../features/events/management/NewEventButton.tsx';

export type LeaderSchedulePanelProps = Omit<LeaderScheduleProps, 'toolbar' | 'eventActions'>;

/**
 * A leader's Leader View: the escalas' schedule with the events' management (`Novo evento`, and `Editar` and
 * `Cancelar` on each event). Leaders and admins only: EventsRoute loads it when first needed.
 */
export function LeaderSchedulePanel(props: LeaderSchedulePanelProps) {
  return <LeaderSchedule {...props} toolbar={<NewEventButton />} eventActions={(event) => <EventManageActions event={event} />} />;
}
