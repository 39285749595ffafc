import { LeaderSchedule, type LeaderScheduleProps } from '../../features/escalas/LeaderSchedule.tsx';
import { EventManageActions } from '../../features/events/management/EventManageActions.tsx';
import { NewEventButton } from '../../features/events/management/NewEventButton.tsx';
import { NudgeButton } from '../../features/openPlaces/NudgeButton.tsx';
import { eventName } from '../../kit/eventName.ts';
import { usePublicConfig } from '../publicConfig.ts';
import { eventDateTime } from '../../kit/eventTime.ts';

export type LeaderSchedulePanelProps = Omit<LeaderScheduleProps, 'toolbar' | 'eventActions'>;

/**
 * A leader's Leader View: the escalas' schedule with the events' management (`Novo evento`, and `Editar` and
 * `Cancelar` on each event) and, on each event, "Lembrar quem não respondeu" (docs/product.md §10). Leaders and
 * admins only: EventsRoute loads it when first needed.
 */
export function LeaderSchedulePanel(props: LeaderSchedulePanelProps) {
  const { timeZone } = usePublicConfig();
  return (
    <LeaderSchedule
      {...props}
      toolbar={<NewEventButton />}
      eventActions={(event) => (
        <>
          <EventManageActions event={event} />
          <NudgeButton eventId={event.id} eventLabel={`${eventName(event)}, ${eventDateTime(event, timeZone)}`} />
        </>
      )}
    />
  );
}
