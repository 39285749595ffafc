import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { modalOpened } from '../../client/features/events/eventsSlice.ts';
import { expectConsoleErrors } from './support/consoleErrors.ts';
import { EVENTS, freezeNow, MEMBER } from './support/fixtures.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

const DAY_PATH = '/api/events?date=2026-12-15';
/** Signed in, the day's events come with their details and zones (docs/product.md §12). */
const SIGNED_IN_DAY_PATH = '/api/events?date=2026-12-15&detail=full';
const WINDOW_PATH = '/api/events?from=2026-11-01&to=2026-12-31';
const SERVER_ERROR = { code: 'internal', message: 'Erro interno.' };

describe('a failed load is said, with a retry, when signed in (issue 16)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('the day’s dialog says its events could not be loaded, and Tentar de novo asks again', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER });
    const { store, user } = renderApp('/events');
    await screen.findByRole('list', { name: 'Próximos eventos' });
    portal.failNext('GET', SIGNED_IN_DAY_PATH, 503, SERVER_ERROR);
    act(() => void store.dispatch(modalOpened({ modal: 'dayEvents', day: '2026-12-15' })));
    const dialog = screen.getByRole('dialog', { name: 'Events on 15 de dezembro de 2026' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Não foi possível carregar os eventos deste dia.');
    await expectConsoleErrors(['HTTP error! status: 503']);

    await user.click(within(dialog).getByRole('button', { name: 'Tentar de novo' }));
    const list = await within(dialog).findByRole('list');
    expect(within(list).getByRole('button')).toHaveTextContent('Conferência 15 de dezembro de 2026 às 19:30');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(portal.count(SIGNED_IN_DAY_PATH)).toBe(2);
  });

  it('a visitor’s day dialog keeps the specification’s silence: nothing shown, a console line', async () => {
    const portal = await openPortal({ events: EVENTS });
    const { store } = renderApp('/events');
    await screen.findByRole('list', { name: 'Próximos eventos' });
    portal.failNext('GET', DAY_PATH, 503, SERVER_ERROR);
    act(() => void store.dispatch(modalOpened({ modal: 'dayEvents', day: '2026-12-15' })));
    await expectConsoleErrors(['HTTP error! status: 503']);
    const dialog = screen.getByRole('dialog', { name: 'Events on 15 de dezembro de 2026' });
    await portal.settled();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Tentar de novo' })).toBeNull();
  });

  it('a list that could not be loaded says so instead of looking empty, and Tentar de novo asks again', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER });
    // Signed in, the list asks the window with the events' details.
    portal.failNext('GET', `${WINDOW_PATH}&detail=full`, 503, SERVER_ERROR);
    const { user } = renderApp('/events');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar os eventos.');
    await expectConsoleErrors(['HTTP error! status: 503']);
    expect(screen.queryByText('Nenhum evento programado.')).toBeNull();

    await user.click(within(alert).getByRole('button', { name: 'Tentar de novo' }));
    const list = await screen.findByRole('list', { name: 'Próximos eventos' });
    expect(within(list).getAllByRole('button').length).toBeGreaterThan(0);
    expect(screen.queryByText('Não foi possível carregar os eventos.')).toBeNull();
  });

  it('a visitor’s failed list keeps the specification’s silence: no message, no retry', async () => {
    const portal = await openPortal({ events: EVENTS });
    portal.failNext('GET', WINDOW_PATH, 503, SERVER_ERROR);
    renderApp('/events');
    await expectConsoleErrors(['HTTP error! status: 503']);
    await portal.settled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tentar de novo' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Próximos eventos' })).toBeNull();
  });
});
