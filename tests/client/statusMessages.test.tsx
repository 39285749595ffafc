import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventsState } from '../../client/features/events/eventsSlice.ts';
import { expectConsoleErrors } from './support/consoleErrors.ts';
import { EVENTS, freezeNow, LEADER, MEMBER, type Person } from './support/fixtures.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

const LEADER_VIEW: EventsState = { tab: 'leaderView', detailsEventId: null, selectedDay: null, allocationEvent: null };
const CULTO_22 = 'Culto, 22 de novembro de 2026 às 19:00';

async function openLeaderView(signedIn: Person = LEADER) {
  const portal = await openPortal({ events: EVENTS, signedIn });
  const rendered = renderApp('/events', { preloadedState: { events: LEADER_VIEW } });
  const list = await screen.findByRole('list', { name: 'Escala de membros' });
  return { portal, list, ...rendered };
}

/** The portal's status message (the one `Fechar aviso` closes), or null while nothing is said. */
function queryStatusMessage(): HTMLElement | null {
  return screen.queryAllByRole('status').find((status) => within(status).queryByRole('button', { name: 'Fechar aviso' })) ?? null;
}

function statusMessage(): HTMLElement {
  const status = queryStatusMessage();
  if (!status) throw new Error('nenhuma mensagem de status');
  return status;
}

/** The top bar's way to /login: `Entrar`, or the first name once signed in. */
function topBarAccountLink() {
  return within(screen.getByRole('banner'))
    .getAllByRole('link')
    .find((link) => link.getAttribute('href') === '/login')!;
}

describe('what a leader did is said, and can be dismissed (issue 16, silent outcomes)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('Novo evento: "Evento criado para 7 de dezembro de 2026 às 19:30.", closed with Fechar aviso', async () => {
    const { user } = await openLeaderView();
    // Nothing is said before anything is done: the live region is there, empty.
    expect(queryStatusMessage()).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Novo evento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo evento' });
    await user.type(within(dialog).getByLabelText('Data'), '2026-12-07');
    await user.type(within(dialog).getByLabelText('Hora'), '19:30');
    await user.click(within(dialog).getByRole('button', { name: 'Criar evento' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(statusMessage()).toHaveTextContent('Evento criado para 7 de dezembro de 2026 às 19:30.');
    expect(statusMessage().closest('[aria-live="polite"]')).not.toBeNull();
    await user.click(within(statusMessage()).getByRole('button', { name: 'Fechar aviso' }));
    expect(queryStatusMessage()).toBeNull();
  });

  it('Editar: "Evento alterado: Culto, 22 de novembro de 2026 às 20:15."', async () => {
    const { user } = await openLeaderView();
    await user.click(await screen.findByRole('button', { name: `Editar ${CULTO_22}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar evento' });
    await waitFor(() => expect(within(dialog).getByLabelText('Tipo')).toHaveDisplayValue('Culto'));
    await user.clear(within(dialog).getByLabelText('Hora'));
    await user.type(within(dialog).getByLabelText('Hora'), '20:15');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(statusMessage()).toHaveTextContent('Evento alterado: Culto, 22 de novembro de 2026 às 20:15.');
  });

  it('Cancelar: "Evento cancelado: …" takes the focus, which stays there once the event has left the list', async () => {
    const { list, user } = await openLeaderView();
    await user.click(await screen.findByRole('button', { name: `Cancelar ${CULTO_22}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar evento' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar evento' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(statusMessage()).toHaveTextContent('Evento cancelado: Culto, 22 de novembro de 2026 às 19:00.');
    await waitFor(() => expect(list.querySelector('[data-event-id="5"]')).toBeNull());
    expect(document.activeElement).not.toBe(document.body);
    expect(statusMessage()).toContainElement(document.activeElement as HTMLElement);

    // Closed from the keyboard, where the focus is: it goes to the page's content, not to the body either.
    await user.tab();
    expect(within(statusMessage()).getByRole('button', { name: 'Fechar aviso' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(queryStatusMessage()).toBeNull();
    expect(screen.getByRole('main')).toHaveFocus();
    // The next Tab goes on through the page from there.
    await user.tab();
    expect(screen.getByRole('main')).toContainElement(document.activeElement as HTMLElement);
  });

  it('Submit in the allocation dialog: "Ana Souza escalado(a) em Louvor: Vigília, 23 de novembro de 2026 às 23:30."', async () => {
    const { list, user } = await openLeaderView();
    await user.click(list.querySelector<HTMLElement>('[data-event-id="7"]')!);
    const dialog = await screen.findByRole('dialog', { name: 'Allocate Member to Event' });
    await user.type(within(dialog).getByLabelText('Department'), 'Louvor');
    await user.type(within(dialog).getByLabelText('Member'), 'ana@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(statusMessage()).toHaveTextContent('Ana Souza escalado(a) em Louvor: Vigília, 23 de novembro de 2026 às 23:30.');
  });
});

describe('an expired session (issue 16)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('a 401 while the page shows a user: the top bar shows Entrar and "Sua sessão expirou. Entre de novo." links to /login', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER });
    const { user, router } = renderApp('/events');
    await waitFor(() => expect(topBarAccountLink()).toHaveTextContent('Marcos'));
    await screen.findByRole('list', { name: 'Próximos eventos' });
    // The session ends on the server (it expired, or the member signed out everywhere).
    await portal.api.database.db.deleteFrom('sessions').execute();

    await user.click(screen.getByRole('tab', { name: 'My Events' }));
    await expectConsoleErrors(['HTTP error! status: 401']);
    await waitFor(() => expect(statusMessage()).toHaveTextContent('Sua sessão expirou. Entre de novo.'));
    await waitFor(() => expect(topBarAccountLink()).toHaveTextContent('Entrar'));
    await user.click(within(statusMessage()).getByRole('link', { name: 'Entre de novo.' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(queryStatusMessage()).toBeNull();
  });

});
