import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventsState } from '../../client/features/events/eventsSlice.ts';
import { EVENTS, freezeNow, LEADER } from './support/fixtures.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

// Issue 16, "Beyond two months": a new event outside the months shown says where it went and offers to go
// there; a date in the past asks first. Today is 2026-11-21 in the network (fixtures' NOW).
const LEADER_VIEW: EventsState = { tab: 'leaderView', detailsEventId: null, selectedDay: null, allocationEvent: null };

async function openForm() {
  const portal = await openPortal({ events: EVENTS, signedIn: LEADER });
  const rendered = renderApp('/events', { preloadedState: { events: LEADER_VIEW } });
  await rendered.user.click(await screen.findByRole('button', { name: 'Novo evento' }));
  const dialog = await screen.findByRole('dialog', { name: 'Novo evento' });
  await within(dialog).findByRole('option', { name: 'Culto' });
  return { portal, dialog, ...rendered };
}

function calendarHeadings() {
  return [...document.querySelectorAll('[role="tabpanel"]:not([hidden]) .calendar__heading')].map((heading) => heading.textContent);
}

describe('Novo evento outside the months shown (issue 16)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('says where the event went and goes there: the calendars show March 2027 and the day has the focus', async () => {
    const { dialog, user, portal } = await openForm();
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'Culto');
    await user.type(within(dialog).getByLabelText('Data'), '2027-03-07');
    await user.type(within(dialog).getByLabelText('Hora'), '19:00');
    await user.click(within(dialog).getByRole('button', { name: 'Criar evento' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo evento' })).toBeNull());
    const notice = await screen.findByText('Evento criado para 7 de março de 2027 — fora dos meses mostrados.');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    // Said once: the shell's status line gives way to the notice.
    expect(screen.queryByText(/^Evento criado para 7 de março de 2027 às/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ir para março de 2027' }));
    await waitFor(() => expect(calendarHeadings()).toEqual(['março de 2027', 'abril de 2027']));
    expect(document.activeElement).toHaveAttribute('data-day', '2027-03-07');
    // Signed in, Leader View asks the months with their details and zones (docs/product.md §12).
    await waitFor(() => expect(portal.specPaths()).toContain('/api/events?from=2027-03-01&to=2027-04-30&detail=full'));
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-has-events', 'true'));
    expect(screen.queryByText(/fora dos meses mostrados/)).toBeNull();
  });

  it('says nothing more for an event inside the months shown', async () => {
    const { dialog, user } = await openForm();
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'Culto');
    await user.type(within(dialog).getByLabelText('Data'), '2026-12-06');
    await user.type(within(dialog).getByLabelText('Hora'), '19:00');
    await user.click(within(dialog).getByRole('button', { name: 'Criar evento' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo evento' })).toBeNull());
    await screen.findByText(/^Evento criado para 6 de dezembro de 2026/);
    expect(screen.queryByText(/fora dos meses mostrados/)).toBeNull();
  });

  it('asks before creating on a day in the past, and creates on Criar mesmo assim', async () => {
    const { dialog, user, portal } = await openForm();
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'Culto');
    await user.type(within(dialog).getByLabelText('Data'), '2026-11-20');
    await user.type(within(dialog).getByLabelText('Hora'), '19:00');
    await user.click(within(dialog).getByRole('button', { name: 'Criar evento' }));
    const question = await within(dialog).findByRole('alert');
    expect(question).toHaveTextContent('Essa data já passou. Criar mesmo assim?');
    const confirm = within(question).getByRole('button', { name: 'Criar mesmo assim' });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(portal.requests.filter((request) => request.method === 'POST')).toEqual([]);
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo evento' })).toBeNull());
    expect(portal.requests.filter((request) => request.method === 'POST' && request.path === '/api/events')).toHaveLength(1);
  });
});
