import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventsState } from '../../client/features/events/eventsSlice.ts';
import { EVENTS, freezeNow, LEADER, MEMBER, type Person } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal, type PortalSeed } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

const WINDOW = 'from=2026-11-01&to=2026-12-31';
const LEADER_VIEW: EventsState = { tab: 'leaderView', detailsEventId: null, selectedDay: null, allocationEvent: null };
const CULTO_22 = 'Culto, 22 de novembro de 2026 às 19:00';

async function openLeaderView(
  signedIn: Person,
  allocations: PortalSeed['allocations'] = [{ event: 5, department: 'Louvor', member: MEMBER }],
) {
  const portal = await openPortal({ events: EVENTS, signedIn, allocations });
  const rendered = renderApp('/events', { preloadedState: { events: LEADER_VIEW } });
  const list = await screen.findByRole('list', { name: 'Escala de membros' });
  return { portal, list, ...rendered };
}

function itemOf(list: HTMLElement, eventId: number): HTMLElement {
  return list.querySelector<HTMLElement>(`[data-event-id="${eventId}"]`)!.closest('li')!;
}

async function openAllocation(list: HTMLElement, eventId: number, user: ReturnType<typeof renderApp>['user']) {
  await user.click(list.querySelector<HTMLElement>(`[data-event-id="${eventId}"]`)!);
  return screen.findByRole('dialog', { name: 'Allocate Member to Event' });
}

function optionValues(input: HTMLElement): string[] {
  const datalist = document.getElementById(input.getAttribute('list')!)!;
  return [...datalist.querySelectorAll('option')].map((option) => option.value);
}

describe('Leader View for a leader (issue 5)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('loads the window’s allocations in one call and shows each event’s names and departments, with Novo evento on top', async () => {
    const { portal, list } = await openLeaderView(LEADER);
    const culto = await within(itemOf(list, 5)).findByRole('list', { name: `Escala: ${CULTO_22}` });
    expect(within(culto).getByText('Marcos Membro')).toBeInTheDocument();
    expect(within(culto).getByText('Louvor')).toBeInTheDocument();
    expect(within(culto).getByRole('button', { name: 'Remover Marcos Membro (Louvor)' })).toBeInTheDocument();
    expect(within(itemOf(list, 7)).getByText('Ninguém escalado ainda.')).toBeInTheDocument();
    expect(portal.paths().filter((path) => path.startsWith('/api/allocations'))).toEqual([`/api/allocations?${WINDOW}`]);
    // The event management of the other work is placed, for leaders only.
    expect(screen.getByRole('button', { name: 'Novo evento' })).toBeInTheDocument();
  });

  it('Submit sends POST /api/events/{id}/allocations { department, member }, closes, and the event lists the allocation', async () => {
    const { portal, list, user } = await openLeaderView(LEADER);
    const dialog = await openAllocation(list, 7, user);
    expect(within(dialog).getByLabelText('Event')).toHaveValue('Vigília');
    expect(within(dialog).getByLabelText('Date')).toHaveValue('23 de novembro de 2026 às 23:30');
    const department = within(dialog).getByLabelText('Department');
    const member = within(dialog).getByLabelText('Member');
    expect(department).toHaveFocus();
    // The network's departments (the API's standing teams), in the API's order.
    await waitFor(() => expect(optionValues(department)).toEqual(['Diaconia', 'Infantil', 'Intercessão', 'Louvor', 'Mídia', 'Recepção']));

    await user.type(department, 'louvor');
    await user.type(member, 'Ana Souza');
    // Suggestions follow what is typed: the member search marked for this event, GET /api/events/{id}/candidates?q=…
    await waitFor(() => expect(optionValues(member)).toEqual(['ana@example.org']));
    expect(portal.paths()).toContain('/api/events/7/candidates?q=Ana+Souza');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(portal.writes()).toEqual([{ method: 'POST', path: '/api/events/7/allocations', body: { department: 'louvor', member: 3 } }]);
    const vigilia = await within(itemOf(list, 7)).findByRole('list', { name: /^Escala: Vigília/ });
    expect(within(vigilia).getByText('Ana Souza')).toBeInTheDocument();
    expect(within(vigilia).getByText('Louvor')).toBeInTheDocument();
  });

  it('shows a schedule conflict with the clashing event and department, and "Alocar mesmo assim" repeats with force: true', async () => {
    const { portal, list, user } = await openLeaderView(LEADER);
    const dialog = await openAllocation(list, 6, user);
    await user.type(within(dialog).getByLabelText('Department'), 'Mídia');
    await user.type(within(dialog).getByLabelText('Member'), 'membro@demo.koinonia');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Conflito de escala');
    expect(alert).toHaveTextContent('Marcos Membro já serve em outro evento neste horário ou a menos de 60 minutos dele.');
    expect(alert).toHaveTextContent('Culto — 22 de novembro de 2026 às 19:00 (Louvor)');
    // The alert takes the focus in an effect after it renders.
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByRole('dialog', { name: 'Allocate Member to Event' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Alocar mesmo assim' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(portal.writes()).toEqual([
      { method: 'POST', path: '/api/events/6/allocations', body: { department: 'Mídia', member: 'membro@demo.koinonia' } },
      { method: 'POST', path: '/api/events/6/allocations', body: { department: 'Mídia', member: 'membro@demo.koinonia', force: true } },
    ]);
    const reuniao = await within(itemOf(list, 6)).findByRole('list', { name: /^Escala: Reunião de Líderes/ });
    expect(within(reuniao).getByText('Marcos Membro')).toBeInTheDocument();
  });

  it('shows unknown department, unknown member and forbidden inside the modal; an unmatched name is not sent', async () => {
    const { portal, list, user } = await openLeaderView(LEADER);
    const dialog = await openAllocation(list, 9, user);
    const department = within(dialog).getByLabelText('Department');
    const member = within(dialog).getByLabelText('Member');
    const submit = within(dialog).getByRole('button', { name: 'Submit' });

    await user.click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Informe o departamento.');
    await user.type(department, 'Cozinha');
    await user.type(member, 'Fulano');
    await user.click(submit);
    // Sent before the suggestions follow the typing: the search is asked for `Fulano` first, and finds no one.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Escolha um membro da lista ou informe o email dele.');
    expect(portal.writes()).toEqual([]);

    await user.clear(member);
    await user.type(member, 'ana@example.org');
    await user.click(submit);
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Departamento não encontrado.'));

    await user.clear(department);
    await user.type(department, 'Louvor');
    await user.clear(member);
    await user.type(member, 'ninguem@example.org');
    await user.click(submit);
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Nenhum membro cadastrado com esse email.'));

    // The suggestions for what was typed have been asked (a leader's search; a member's would be refused).
    await waitFor(() => expect(portal.paths()).toContain('/api/events/9/candidates?q=ninguem%40example.org'));
    await portal.settled();
    // Meanwhile an admin took away the leader's role: the API refuses the same allocation.
    await portal.setRole(LEADER, 'member');
    await user.click(submit);
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Apenas líderes e administradores podem fazer isso.'));
    expect(within(dialog).queryByRole('button', { name: 'Alocar mesmo assim' })).toBeNull();
  });

  // The form sends a Submit identical to a refused one with the same Idempotency-Key (kit/useIdempotencyKey.ts
  // keeps it until a success); the API keeps only successful answers, so the refusal is not replayed.
  it('a Submit sent again after the member registered is asked anew, not answered with the first refusal', async () => {
    const { portal, list, user } = await openLeaderView(LEADER);
    const dialog = await openAllocation(list, 9, user);
    await user.type(within(dialog).getByLabelText('Department'), 'Louvor');
    await user.type(within(dialog).getByLabelText('Member'), 'joana@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Nenhum membro cadastrado com esse email.'));

    // Joana creates her account in her own browser; the leader submits again.
    await portal
      .anonymousAgent()
      .post('/api/auth/register')
      .send({ name: 'Joana Dias', email: 'joana@example.org', password: 'uma senha longa' })
      .expect(201);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('removes an allocation after a confirm step: DELETE /api/allocations/{id}; Manter keeps it', async () => {
    const { portal, list, user } = await openLeaderView(LEADER);
    const item = itemOf(list, 5);
    const remove = await within(item).findByRole('button', { name: 'Remover Marcos Membro (Louvor)' });
    await user.click(remove);
    const question = within(item).getByRole('group', { name: 'Remover Marcos Membro (Louvor)?' });
    expect(within(question).getByRole('button', { name: 'Sim, remover' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Manter' }));
    expect(within(item).getByRole('button', { name: 'Remover Marcos Membro (Louvor)' })).toHaveFocus();
    expect(portal.writes()).toEqual([]);

    await user.click(within(item).getByRole('button', { name: 'Remover Marcos Membro (Louvor)' }));
    await user.click(within(item).getByRole('button', { name: 'Sim, remover' }));
    await waitFor(() => expect(within(item).queryByText('Marcos Membro')).toBeNull());
    expect(within(item).getByText('Ninguém escalado ainda.')).toBeInTheDocument();
    expect(within(item).getByRole('status')).toHaveTextContent('Marcos Membro foi removido(a) da escala.');
    expect(portal.writes()).toEqual([{ method: 'DELETE', path: `/api/allocations/${portal.allocationIds[0]}` }]);
  });

  it('a signed-in member sees Leader View read-only: the note, the details on a click, no allocation call', async () => {
    const { portal, list, user } = await openLeaderView(MEMBER);
    expect(screen.getByRole('note')).toHaveTextContent('Apenas líderes podem alocar membros.');
    await user.click(list.querySelector<HTMLElement>('[data-event-id="7"]')!);
    const details = await screen.findByRole('dialog', { name: 'Event Details' });
    expect(await within(details).findByLabelText('Event')).toHaveValue('Vigília');
    expect(screen.queryByRole('dialog', { name: 'Allocate Member to Event' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Novo evento' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remover/ })).toBeNull();
    expect(portal.paths().filter((path) => /allocations|members|departments/.test(path))).toEqual([]);
  });

  it('a team leader of role member is pointed to Lacunas, where she allocates her team (issue 21, item 6)', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER });
    await seedNetwork(portal, {
      churches: [{ name: 'Sede' }],
      teamMembers: [{ church: 'Sede', department: 'Louvor', member: MEMBER, leader: true }],
    });
    renderApp('/events', { preloadedState: { events: LEADER_VIEW } });
    await screen.findByRole('list', { name: 'Escala de membros' });
    await waitFor(() => expect(screen.getByRole('note')).toHaveTextContent('Você lidera Louvor · Sede: aloque as pessoas da sua equipe em Lacunas.'));
    expect(within(screen.getByRole('note')).getByRole('link', { name: 'Lacunas' })).toHaveAttribute('href', '/escalas/lacunas');
  });
});
