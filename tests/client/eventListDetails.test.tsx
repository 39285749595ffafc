import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EVENTS, freezeNow, MEMBER } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal, type Portal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';
import { eventsApi } from '../../client/features/events/eventsApi.ts';
import { rememberAccount } from '../../client/kit/offline/privateStore.ts';

const WINDOW = '/api/events?from=2026-11-01&to=2026-12-31';

/** Sunday's Culto (5) is Sede's "Culto de jovens" in the Templo; Zona Norte's Conferência (9) has only its church. */
async function withDetails(portal: Portal) {
  const network = await seedNetwork(portal, { churches: [{ name: 'Sede' }, { name: 'Zona Norte' }], eventChurches: { 9: 'Zona Norte' } });
  await portal.api.database.db
    .updateTable('events')
    .set({ church_id: network.churchId('Sede'), title: 'Culto de jovens', location: 'Templo' })
    .where('id', '=', 5)
    .execute();
}

function listedButton(name: RegExp) {
  return within(screen.getByRole('list', { name: 'Próximos eventos' })).getByRole('button', { name });
}

describe('the event list’s details (issue 15)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('signed in, each event shows its title, church and location under its type', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER });
    await withDetails(portal);
    renderApp('/events');
    await screen.findByRole('list', { name: 'Próximos eventos' });
    await waitFor(() => expect(listedButton(/^Culto /).querySelector('.event-button__about')).toHaveTextContent('Culto de jovens · Sede · Templo'));
    expect(listedButton(/^Culto /)).toHaveAccessibleName('Culto Culto de jovens · Sede · Templo 22 de novembro de 2026 às 19:00');
    await waitFor(() => expect(listedButton(/^Conferência /).querySelector('.event-button__about')).toHaveTextContent('Zona Norte'));
    // An event without details shows only the specification's two lines.
    expect(listedButton(/^Ensaio /).querySelector('.event-button__about')).toBeNull();
    expect(portal.paths()).toContain(`${WINDOW}&detail=full`);
  });

  it('signed in, the list waits for the details and the churches: it never grows under the reader (a phone’s layout shift)', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER });
    await withDetails(portal);
    // This browser's last session was the member's.
    rememberAccount(MEMBER.id);
    const releaseDetails = portal.hold(`${WINDOW}&detail=full`);
    const releaseChurches = portal.hold('/api/churches');
    const { store } = renderApp('/events');
    await waitFor(() => expect(portal.paths()).toContain(`${WINDOW}&detail=full`));
    expect(screen.getByText('Carregando eventos…')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Próximos eventos' })).toBeNull();
    releaseDetails();
    const details = eventsApi.endpoints.getEventDetailsInRange.select({ from: '2026-11-01', to: '2026-12-31' });
    await waitFor(() => expect(details(store.getState()).status).toBe('fulfilled'));
    // The details are in; the churches are not: still no list.
    expect(screen.getByText('Carregando eventos…')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Próximos eventos' })).toBeNull();
    releaseChurches();
    await screen.findByRole('list', { name: 'Próximos eventos' });
    expect(listedButton(/^Culto /)).toHaveAccessibleName('Culto Culto de jovens · Sede · Templo 22 de novembro de 2026 às 19:00');
    expect(screen.queryByText('Carregando eventos…')).toBeNull();
    // The session is asked first on a browser a member used last: she is never sent the visitor's list.
    expect(portal.paths()).not.toContain(WINDOW);
  });

  it('a visitor’s list shows none of it and never asks detail=full', async () => {
    const portal = await openPortal({ events: EVENTS });
    await withDetails(portal);
    renderApp('/events');
    await screen.findByRole('list', { name: 'Próximos eventos' });
    expect(listedButton(/^Culto /)).toHaveAccessibleName('Culto 22 de novembro de 2026 às 19:00:00');
    expect(document.querySelector('.event-button__about')).toBeNull();
    await portal.settled();
    expect(portal.paths().filter((path) => path.includes('detail'))).toEqual([]);
    expect(portal.specPaths()).toEqual([WINDOW]);
  });
});
