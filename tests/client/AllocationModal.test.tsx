import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENTS, freezeNow } from './support/fixtures.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

async function openLeaderView() {
  const api = await openPortal({ events: EVENTS });
  const rendered = renderApp('/events', { preloadedState: { events: { tab: 'leaderView', detailsEventId: null, selectedDay: null, allocationEvent: null } } });
  const list = await screen.findByRole('list', { name: 'Escala de membros' });
  return { api, list, ...rendered };
}

describe('Allocate Member to Event modal (Leader View)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('opens on a click in the Leader View list, filled from the item, without any details call', async () => {
    const { api, list, user, store } = await openLeaderView();
    const requestsBefore = api.paths();
    await user.click(within(list).getByRole('button', { name: /^Conferência/ }));
    expect(store.getState().events.allocationEvent?.id).toBe(9);

    const dialog = screen.getByRole('dialog', { name: 'Allocate Member to Event' });
    expect(within(dialog).getByLabelText('Event')).toHaveValue('Conferência');
    expect(within(dialog).getByLabelText('Event')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Date')).toHaveValue('15 de dezembro de 2026 às 19:30:00');
    expect(within(dialog).getByLabelText('Date')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Department')).not.toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Member')).not.toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Department')).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Event Details' })).toBeNull();
    expect(api.paths()).toEqual(requestsBefore);
  });

  it('Submit only logs the event id, department and member, closes, and calls nothing', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { api, list, user, store } = await openLeaderView();
    const opener = within(list).getByRole('button', { name: /^Vigília 23/ });
    await user.click(opener);
    const requestsBefore = api.paths();
    const dialog = screen.getByRole('dialog', { name: 'Allocate Member to Event' });
    await user.type(within(dialog).getByLabelText('Department'), 'Louvor');
    await user.type(within(dialog).getByLabelText('Member'), 'Ana Souza');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(
      'Allocate Member to Event:',
      JSON.stringify({ eventId: 7, department: 'Louvor', member: 'Ana Souza' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().events.allocationEvent).toBeNull();
    expect(opener).toHaveFocus();
    expect(api.paths()).toEqual(requestsBefore);
    info.mockRestore();
  });

  it('Cancel and Esc close it without logging', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { list, user } = await openLeaderView();
    await user.click(within(list).getByRole('button', { name: /^Culto/ }));
    await user.type(screen.getByLabelText('Department'), 'Mídia');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(list).getByRole('button', { name: /^Culto/ }));
    expect(screen.getByLabelText('Department')).toHaveValue('');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(info).not.toHaveBeenCalled();
    info.mockRestore();
  });
});
