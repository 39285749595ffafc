import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, ANA, EVENTS, freezeNow, LEADER, MEMBER } from './support/fixtures.ts';
import { LeaderCaches, ManagedEventList, MY_EVENTS_PATH, PROBE_ALLOCATIONS_PATH } from './support/managementProbes.tsx';
import { openPortal, type PortalSeed } from './support/realApi.ts';
import { renderWithProviders } from './support/renderWithProviders.tsx';

const CULTO_22 = 'Culto, 22 de novembro de 2026 às 19:00';

/** A leader signed in, with the list and the My Events and allocations caches of their events page. */
async function setUp(seed: Pick<PortalSeed, 'allocations'> = {}, before?: () => Promise<void>) {
  const api = await openPortal({ events: EVENTS, signedIn: LEADER, ...seed });
  await before?.();
  const rendered = renderWithProviders(
    <>
      <ManagedEventList />
      <LeaderCaches />
    </>,
  );
  const list = await screen.findByRole('list', { name: 'Eventos' });
  await screen.findByTestId('leader-caches-loaded');
  return { api, list, ...rendered };
}

function descriptionOf(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

describe('Editar and Cancelar on an event (leaders)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('offers both actions per event, named after the event they act on', async () => {
    const { list } = await setUp();
    const item = within(list).getByText(`Culto 22 de novembro de 2026 às 19:00:00`).closest('li')!;
    const edit = within(item).getByRole('button', { name: `Editar ${CULTO_22}` });
    const cancel = within(item).getByRole('button', { name: `Cancelar ${CULTO_22}` });
    expect(edit).toHaveTextContent(/^Editar$/);
    expect(cancel).toHaveTextContent(/^Cancelar$/);
    expect(within(list).getByRole('button', { name: 'Editar N/A, 24 de novembro de 2026 às 19:00' })).toBeInTheDocument();
  });

  it('Editar opens the event in network time; a new time for "Este e os seguintes" is one PATCH and the lists follow', async () => {
    const { api, list, user } = await setUp();
    const myEvents = api.count(MY_EVENTS_PATH);
    const allocations = api.count(PROBE_ALLOCATIONS_PATH);
    await user.click(within(list).getByRole('button', { name: `Editar ${CULTO_22}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar evento' });
    await waitFor(() => expect(within(dialog).getByLabelText('Tipo')).toHaveDisplayValue('Culto'));
    expect(within(dialog).getByLabelText('Data')).toHaveValue('2026-11-22');
    expect(within(dialog).getByLabelText('Data')).toHaveFocus();
    expect(within(dialog).getByLabelText('Hora')).toHaveValue('19:00');
    const scope = within(dialog).getByRole('group', { name: 'Alterar' });
    expect(within(scope).getByRole('radio', { name: 'Somente este evento' })).toBeChecked();
    expect(within(scope).getByRole('radio', { name: 'Este e os seguintes' })).not.toBeChecked();

    const time = within(dialog).getByLabelText('Hora');
    await user.clear(time);
    await user.type(time, '20:15');
    await user.click(within(scope).getByRole('radio', { name: 'Este e os seguintes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([{ method: 'PATCH', path: '/api/events/5?scope=following', body: { datetime: '2026-11-22T20:15' } }]);
    expect(await within(list).findByText('Culto 22 de novembro de 2026 às 20:15:00')).toBeInTheDocument();
    expect(within(list).queryByText('Culto 22 de novembro de 2026 às 19:00:00')).toBeNull();
    // My Events and the allocations show the event's time: their caches are asked again.
    await waitFor(() => expect(api.count(MY_EVENTS_PATH)).toBeGreaterThan(myEvents));
    await waitFor(() => expect(api.count(PROBE_ALLOCATIONS_PATH)).toBeGreaterThan(allocations));
  });

  it('sends only what changed: a type alone (including "Sem tipo" as null); nothing changed is said, not sent', async () => {
    const { api, list, user } = await setUp();
    await user.click(within(list).getByRole('button', { name: `Editar ${CULTO_22}` }));
    let dialog = await screen.findByRole('dialog', { name: 'Editar evento' });
    await waitFor(() => expect(within(dialog).getByLabelText('Tipo')).toHaveDisplayValue('Culto'));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Nada foi alterado: mude a data, a hora ou o tipo.');
    expect(api.writes()).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'Vigília');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(list).findByText('Vigília 22 de novembro de 2026 às 19:00:00')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Editar Vigília, 22 de novembro de 2026 às 19:00' }));
    dialog = await screen.findByRole('dialog', { name: 'Editar evento' });
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'Sem tipo');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes().map(({ method, path, body }) => [method, path, body])).toEqual([
      ['PATCH', '/api/events/5?scope=one', { event_type_id: 6 }],
      ['PATCH', '/api/events/5?scope=one', { event_type_id: null }],
    ]);
    expect(await within(list).findByText('N/A 22 de novembro de 2026 às 19:00:00')).toBeInTheDocument();
  });

  it('validates the edit in pt-BR and shows an API refusal in the modal', async () => {
    const { api, list, user } = await setUp();
    await user.click(within(list).getByRole('button', { name: `Editar ${CULTO_22}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar evento' });
    const date = within(dialog).getByLabelText('Data');
    await user.clear(date);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(descriptionOf(date)).toBe('Informe a data.');
    expect(date).toHaveFocus();
    expect(api.writes()).toEqual([]);

    await user.type(date, '2026-11-29');
    // Meanwhile another leader cancelled the event: the API answers 404.
    await (await api.agentOf(ADMIN)).delete('/api/events/5?scope=one').expect(204);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Evento não encontrado.');
    expect(date).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('dialog', { name: 'Editar evento' })).toBeInTheDocument();
  });

  it('Cancelar removes one event with scope=one: it leaves the list, My Events is asked again', async () => {
    const { api, list, user } = await setUp();
    const myEvents = api.count(MY_EVENTS_PATH);
    await user.click(within(list).getByRole('button', { name: `Cancelar ${CULTO_22}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar evento' });
    expect(within(dialog).getByText('Culto')).toBeInTheDocument();
    expect(within(dialog).getByText('22 de novembro de 2026 às 19:00')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Somente este evento' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar evento' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([{ method: 'DELETE', path: '/api/events/5?scope=one', body: undefined }]);
    await waitFor(() => expect(within(list).queryByText('Culto 22 de novembro de 2026 às 19:00:00')).toBeNull());
    expect(within(list).getByText('Escola Bíblica 22 de novembro de 2026 às 09:00:00')).toBeInTheDocument();
    await waitFor(() => expect(api.count(MY_EVENTS_PATH)).toBeGreaterThan(myEvents));
    // The deleted event's own GET is never asked (it would only answer 404).
    expect(api.paths()).not.toContain('/api/events/5');
  });

  it('turns 409 has_allocations into a confirm step; confirming sends confirm=true; changing the scope asks again', async () => {
    const { api, list, user } = await setUp({
      allocations: [
        { event: 5, department: 'Louvor', member: MEMBER },
        { event: 5, department: 'Mídia', member: ANA },
      ],
    });
    await user.click(within(list).getByRole('button', { name: `Cancelar ${CULTO_22}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar evento' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar evento' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Há 2 pessoas escaladas neste evento. Se continuar, essas escalas serão removidas junto.');
    expect(alert).not.toHaveTextContent('confirm=true');
    expect(within(dialog).getByRole('button', { name: 'Cancelar mesmo assim' })).toBeInTheDocument();

    // Another scope is another question: back to the first step.
    await user.click(within(dialog).getByRole('radio', { name: 'Este e os seguintes' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancelar evento' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Somente este evento' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar evento' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Cancelar mesmo assim' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes().map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /api/events/5?scope=one',
      'DELETE /api/events/5?scope=one',
      'DELETE /api/events/5?scope=one&confirm=true',
    ]);
    await waitFor(() => expect(within(list).queryByText('Culto 22 de novembro de 2026 às 19:00:00')).toBeNull());
  });

  it('"Este e os seguintes" cancels an occurrence and the later ones of its series', async () => {
    let firstId = 0;
    const { api, list, user } = await setUp({}, async () => {
      const response = await fetch('/api/events', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ datetime: '2026-12-06T06:15', event_type_id: 1, repeat: { freq: 'weekly', interval: 1, count: 4 } }),
      });
      expect(response.status).toBe(201);
      firstId = ((await response.json()) as { id: number }).id;
    });
    const occurrence = (day: number) => `Culto ${day} de dezembro de 2026 às 06:15:00`;
    for (const day of [6, 13, 20, 27]) expect(within(list).getByText(occurrence(day))).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Cancelar Culto, 13 de dezembro de 2026 às 06:15' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar evento' });
    await user.click(within(dialog).getByRole('radio', { name: 'Este e os seguintes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar evento' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes().at(-1)).toEqual({ method: 'DELETE', path: `/api/events/${firstId + 1}?scope=following`, body: undefined });
    await waitFor(() => expect(within(list).queryByText(occurrence(13))).toBeNull());
    expect(within(list).queryByText(occurrence(20))).toBeNull();
    expect(within(list).queryByText(occurrence(27))).toBeNull();
    expect(within(list).getByText(occurrence(6))).toBeInTheDocument();
  });

  it('a refusal keeps the modal open with its message; Voltar closes it, the focus back on the button', async () => {
    const { api, list, user } = await setUp();
    // Meanwhile an admin took away the leader's role: the API refuses the cancel.
    await api.setRole(LEADER, 'member');
    await user.click(within(list).getByRole('button', { name: `Cancelar ${CULTO_22}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar evento' });
    await user.click(within(dialog).getByRole('radio', { name: 'Este e os seguintes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar evento' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Apenas líderes e administradores podem fazer isso.');
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(list).getByRole('button', { name: `Cancelar ${CULTO_22}` })).toHaveFocus();
    expect(api.writes().map((call) => call.path)).toEqual(['/api/events/5?scope=following']);
  });
});
