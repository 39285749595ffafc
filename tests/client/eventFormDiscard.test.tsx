import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { NewEventButton } from '../../client/features/events/management/NewEventButton.tsx';
import { EVENTS, freezeNow, LEADER } from './support/fixtures.ts';
import { LeaderCaches, ManagedEventList } from './support/managementProbes.tsx';
import { openPortal } from './support/realApi.ts';
import { renderWithProviders } from './support/renderWithProviders.tsx';

const CULTO_22 = 'Culto, 22 de novembro de 2026 às 19:00';
const QUESTION = 'Descartar o que você digitou? As alterações não foram salvas.';

async function setUp() {
  const api = await openPortal({ events: EVENTS, signedIn: LEADER });
  const rendered = renderWithProviders(
    <>
      <NewEventButton />
      <ManagedEventList />
      <LeaderCaches />
    </>,
  );
  const list = await screen.findByRole('list', { name: 'Eventos' });
  return { api, list, ...rendered };
}

describe('typed work in Novo evento and Editar evento is not lost to Esc or Voltar (issue 21, item 9)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('Novo evento: untouched, Esc closes; typed, Esc and Voltar ask first — keep editing keeps it, Descartar closes', async () => {
    const { api, user } = await setUp();
    await user.click(screen.getByRole('button', { name: 'Novo evento' }));
    let dialog = await screen.findByRole('dialog', { name: 'Novo evento' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Novo evento' }));
    dialog = await screen.findByRole('dialog', { name: 'Novo evento' });
    await user.type(within(dialog).getByLabelText('Data'), '2026-12-24');
    await user.type(within(dialog).getByLabelText('Título'), 'Cantata de Natal');
    await user.keyboard('{Escape}');
    // Still open, asking; the question has the focus on "Continuar editando".
    expect(screen.getByRole('dialog', { name: 'Novo evento' })).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(QUESTION);
    const keep = within(dialog).getByRole('button', { name: 'Continuar editando' });
    await waitFor(() => expect(keep).toHaveFocus());
    await user.click(keep);
    expect(within(dialog).queryByText(QUESTION)).toBeNull();
    expect(within(dialog).getByLabelText('Título')).toHaveValue('Cantata de Natal');
    expect(within(dialog).getByLabelText('Data')).toHaveValue('2026-12-24');

    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(QUESTION);
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([]);
  });

  it('Editar evento: nothing changed, Voltar closes at once; a changed time asks before Esc closes', async () => {
    const { list, user, api } = await setUp();
    await user.click(within(list).getByRole('button', { name: `Editar ${CULTO_22}` }));
    let dialog = await screen.findByRole('dialog', { name: 'Editar evento' });
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(list).getByRole('button', { name: `Editar ${CULTO_22}` }));
    dialog = await screen.findByRole('dialog', { name: 'Editar evento' });
    const time = within(dialog).getByLabelText('Hora');
    await user.clear(time);
    await user.type(time, '20:30');
    await user.keyboard('{Escape}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(QUESTION);
    // A second Esc, once asked, discards.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([]);
  });
});
