import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectConsoleErrors } from './support/consoleErrors.ts';
import { ADMIN, EVENTS, freezeNow } from './support/fixtures.ts';
import { openPortal, type Portal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

async function openEventsPage() {
  const api = await openPortal({ events: EVENTS });
  const rendered = renderApp('/events');
  const list = await screen.findByRole('list', { name: 'Próximos eventos' });
  return { api, list, ...rendered };
}

function eventButton(list: HTMLElement, name: string) {
  return within(list).getByRole('button', { name: new RegExp(`^${name} `) });
}

describe('Event Details modal', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('opens on a click in the list, shows Loading... while GET /api/events/{id} runs, then the event and date', async () => {
    const { api, list, user, store } = await openEventsPage();
    const release = api.hold('/api/events/5');
    await user.click(eventButton(list, 'Culto'));
    expect(store.getState().events.detailsEventId).toBe(5);

    const dialog = screen.getByRole('dialog', { name: 'Event Details' });
    expect(within(dialog).getByText('Loading...')).toBeInTheDocument();
    expect(api.paths().at(-1)).toBe('/api/events/5');
    release();

    const event = await within(dialog).findByLabelText('Event');
    expect(event).toHaveValue('Culto');
    expect(event).toHaveAttribute('readonly');
    const date = within(dialog).getByLabelText('Date');
    expect(date).toHaveValue('22 de novembro de 2026 às 19:00:00');
    expect(date).toHaveAttribute('readonly');
    expect(within(dialog).queryByText('Loading...')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('shows N/A for an event without a type', async () => {
    const { list, user } = await openEventsPage();
    await user.click(eventButton(list, 'N/A'));
    const dialog = screen.getByRole('dialog', { name: 'Event Details' });
    expect(await within(dialog).findByLabelText('Event')).toHaveValue('N/A');
    expect(within(dialog).getByLabelText('Date')).toHaveValue('24 de novembro de 2026 às 19:00:00');
  });

  it.each([
    // A failure the real API cannot produce on demand: injected for this path only.
    [500, async (api: Portal) => api.failWith('/api/events/4', 500)],
    // The real API's 404: another leader cancelled the event after the list was loaded.
    [404, async (api: Portal) => void (await (await api.agentOf(ADMIN)).delete('/api/events/4?scope=one').expect(204))],
  ])('shows Error loading event details and logs the status when the call answers %i', async (status, cause) => {
    const { api, list, user } = await openEventsPage();
    await cause(api);
    await user.click(eventButton(list, 'Escola Bíblica'));
    const dialog = screen.getByRole('dialog', { name: 'Event Details' });
    expect(await within(dialog).findByText('Error loading event details')).toBeInTheDocument();
    await expectConsoleErrors([`HTTP error! status: ${status}`]);
    expect(within(dialog).queryByLabelText('Event')).toBeNull();
  });

  it('closes with Close and with Esc, giving focus back to the event clicked', async () => {
    const { list, user, store } = await openEventsPage();
    const opener = eventButton(list, 'Vigília 23');
    await user.click(opener);
    await within(screen.getByRole('dialog')).findByLabelText('Event');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().events.detailsEventId).toBeNull();
    expect(opener).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Event Details' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('asks the event again each time it is opened', async () => {
    const { api, list, user } = await openEventsPage();
    const opener = eventButton(list, 'Conferência');
    await user.click(opener);
    await within(screen.getByRole('dialog')).findByLabelText('Event');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(opener);
    await waitFor(() => expect(api.paths().filter((path) => path === '/api/events/9')).toHaveLength(2));
    expect(await within(screen.getByRole('dialog')).findByLabelText('Event')).toHaveValue('Conferência');
  });
});
