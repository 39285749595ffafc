import { useDeferredValue, useState } from 'react';
import { addDays, dayKeyOf } from '../../../shared/days.ts';
import { CoverRequests } from '../../features/coverRequests/CoverRequests.tsx';
import { MissingAnswers } from '../../features/escalas/MissingAnswers.tsx';
import { NextServices } from '../../features/escalas/NextServices.tsx';
import { useGetMyServicesQuery } from '../../features/escalas/summaryApi.ts';
import { MyTeams } from '../../features/gapMatrix/MyTeams.tsx';
import { useGetEventDetailsInRangeQuery } from '../../features/events/eventsApi.ts';
import { NudgeButton } from '../../features/openPlaces/NudgeButton.tsx';
import { OpenPlaces } from '../../features/openPlaces/OpenPlaces.tsx';
import { SelfSignupToggle } from '../../features/openPlaces/SelfSignupToggle.tsx';
import type { Session } from '../../kit/session/useSession.ts';
import { usePublicConfig } from '../publicConfig.ts';

/** How far ahead a leader's home page looks for missing answers. */
const LEADER_DAYS_AHEAD = 60;

type SignedIn = Extract<Session, { status: 'signedIn' }>;

/**
 * A signed-in user's home page under the greeting (HomeRoute): the escalas' summaries — my next services and the
 * answers I owe, my teams (and for a team leader the way to the gap matrix); for a leader or an admin, the answers
 * still missing in the escalas ahead.
 */
export function SignedInHomePanel({ session }: { session: SignedIn }) {
  // The cards under my next services ask their reads at once but show once the services have come (or failed):
  // shown before, a card that answered first sat right under "Carregando suas escalas…" and the list pushed it
  // down when it came (docs/performance.md). Appearing under a list already drawn moves nothing on screen. The
  // answer is deferred as NextServices' list is, so both show in the same render.
  const services = useDeferredValue(useGetMyServicesQuery(undefined));
  return (
    <>
      <NextServices memberId={session.user.id} />
      <div className="home-signed-in__more" hidden={services.isLoading}>
        <CoverRequests />
        <OpenPlaces />
        <MyTeams renderLedTeam={({ label, ...team }) => <SelfSignupToggle {...team} teamLabel={label} />} />
        {session.canAllocate ? <LeaderAnswers /> : null}
      </div>
    </>
  );
}

function LeaderAnswers() {
  const { timeZone } = usePublicConfig();
  const [range] = useState(() => {
    const today = dayKeyOf(new Date(), timeZone);
    return { from: today, to: addDays(today, LEADER_DAYS_AHEAD) };
  });
  // With their zones: each event's time at its church's clock (docs/product.md §12).
  const events = useGetEventDetailsInRangeQuery(range, { refetchOnMountOrArgChange: true });
  return (
    <MissingAnswers
      range={range}
      events={events.data}
      rangeText={`dos próximos ${LEADER_DAYS_AHEAD} dias`}
      renderPendingAction={(event, label) => <NudgeButton eventId={event.id} eventLabel={label} />}
    />
  );
}
