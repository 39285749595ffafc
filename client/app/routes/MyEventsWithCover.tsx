import type { MyEvent } from '../../../shared/schemas/escalas.ts';
import { CoverRequestControl } from '../../features/coverRequests/CoverRequestControl.tsx';
import { CoverRequests } from '../../features/coverRequests/CoverRequests.tsx';
import { MyEvents, type MyEventsProps } from '../../features/escalas/MyEvents.tsx';
import { OpenPlaces } from '../../features/openPlaces/OpenPlaces.tsx';

/**
 * My Events with the cover requests and open places of docs/product.md §10: the requests I may take above my
 * services ("Pedidos de cobertura", "Assumir"), the places I may sign up for ("Vagas abertas", "Quero servir"), and
 * "Pedir cobertura" under each service of mine still ahead — offered again, first, when I decline one. One module,
 * loaded when a member opens the tab (a visitor's /events downloads none of it).
 */
export function MyEventsWithCover(props: Omit<MyEventsProps, 'before' | 'serviceExtras' | 'declineAlternative'>) {
  const control = (event: MyEvent) => <CoverRequestControl service={event} />;
  return (
    <MyEvents
      {...props}
      before={
        <>
          <CoverRequests />
          <OpenPlaces />
        </>
      }
      serviceExtras={control}
      declineAlternative={control}
    />
  );
}
