import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectConsoleErrors } from './support/consoleErrors.ts';
import { EVENTS, freezeNow } from './support/fixtures.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

async function openEventsPage() {
  const api = await openPortal({ events: EVENTS });
  const rendered = renderApp('/events');
  await screen.findByRole('list', { name: 'Próximos eventos' });
  return { api, ...rendered };
}

describe('"Events on {date}" modal', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('opens on a day click, asks GET /api/events?date=yyyy-MM-dd and lists that day’s events', async () => {
    const { api, user, store } = await openEventsPage();
    const day = screen.getByRole('button', { name: '22 de novembro de 2026, 3 eventos' });
    await user.click(day);
    expect(store.getState().events.selectedDay).toBe('2026-11-22');
    const dialog = screen.getByRole('dialog', { name: 'Events on 22 de novembro de 2026' });
    expect(api.paths().at(-1)).toBe('/api/events?date=2026-11-22');
    const list = await within(dialog).findByRole('list');
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Escola Bíblica 22 de novembro de 2026 às 09:00:00',
      'Culto 22 de novembro de 2026 às 19:00:00',
      'Reunião de Líderes 22 de novembro de 2026 às 21:30:00',
    ]);
  });

  it('says Nenhum evento neste dia. for a day without events', async () => {
    const { user } = await openEventsPage();
    await user.click(screen.getByRole('button', { name: '10 de dezembro de 2026' }));
    const dialog = screen.getByRole('dialog', { name: 'Events on 10 de dezembro de 2026' });
    expect(await within(dialog).findByText('Nenhum evento neste dia.')).toBeInTheDocument();
  });

  it('opens the details of an event clicked in it, over it', async () => {
    const { api, user } = await openEventsPage();
    await user.click(screen.getByRole('button', { name: '23 de novembro de 2026, 1 evento' }));
    const dayDialog = screen.getByRole('dialog', { name: 'Events on 23 de novembro de 2026' });
    const vigil = await within(dayDialog).findByRole('button', { name: /^Vigília/ });
    await user.click(vigil);
    const details = screen.getByRole('dialog', { name: 'Event Details' });
    expect(await within(details).findByLabelText('Event')).toHaveValue('Vigília');
    expect(within(details).getByLabelText('Date')).toHaveValue('23 de novembro de 2026 às 23:30:00');
    expect(api.paths().at(-1)).toBe('/api/events/7');

    await user.click(within(details).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: 'Events on 23 de novembro de 2026' })).toBeInTheDocument();
    expect(vigil).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: '23 de novembro de 2026, 1 evento' })).toHaveFocus();
  });

  it('closes with Esc', async () => {
    const { user, store } = await openEventsPage();
    await user.click(screen.getByRole('button', { name: '1 de novembro de 2026, 1 evento' }));
    await within(screen.getByRole('dialog')).findByRole('list');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().events.selectedDay).toBeNull();
  });

  it('logs "HTTP error! status: 503" and lists nothing when the day call fails', async () => {
    const { api, user } = await openEventsPage();
    api.failWith('/api/events?date=2026-12-15', 503);
    await user.click(screen.getByRole('button', { name: '15 de dezembro de 2026, 1 evento' }));
    await expectConsoleErrors(['HTTP error! status: 503']);
    const dialog = screen.getByRole('dialog', { name: 'Events on 15 de dezembro de 2026' });
    expect(within(dialog).queryByRole('list')).toBeNull();
    expect(within(dialog).queryByText('Nenhum evento neste dia.')).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('in Leader View, opens the allocation modal for an event clicked in it, with no details call', async () => {
    const { api, user } = await openEventsPage();
    await user.click(screen.getByRole('tab', { name: 'Leader View' }));
    await screen.findByRole('list', { name: 'Escala de membros' });
    await user.click(screen.getByRole('button', { name: '24 de novembro de 2026, 1 evento' }));
    const dayDialog = screen.getByRole('dialog', { name: 'Events on 24 de novembro de 2026' });
    await user.click(await within(dayDialog).findByRole('button', { name: /^N\/A/ }));
    const allocation = screen.getByRole('dialog', { name: 'Allocate Member to Event' });
    expect(within(allocation).getByLabelText('Event')).toHaveValue('N/A');
    expect(screen.queryByRole('dialog', { name: 'Event Details' })).toBeNull();
    expect(api.paths().some((path) => /^\/api\/events\/\d+$/.test(path))).toBe(false);
  });
});
