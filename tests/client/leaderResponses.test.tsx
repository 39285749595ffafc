import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventsState } from '../../client/features/events/eventsSlice.ts';
import { ADMIN, ANA, EVENTS, freezeNow, LEADER, MEMBER, type Person } from './support/fixtures.ts';
import { openPortal, type Portal, type PortalSeed } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

const WINDOW = '/api/allocations?from=2026-11-01&to=2026-12-31';
const LEADER_VIEW: EventsState = { tab: 'leaderView', detailsEventId: null, selectedDay: null, allocationEvent: null };

async function openLeaderView(allocations: PortalSeed['allocations']) {
  const portal = await openPortal({ events: EVENTS, signedIn: LEADER, allocations });
  return { portal, ...(await renderLeaderView()) };
}

async function renderLeaderView() {
  const rendered = renderApp('/events', { preloadedState: { events: LEADER_VIEW } });
  const list = await screen.findByRole('list', { name: 'Escala de membros' }, { timeout: 10_000 });
  return { list, ...rendered };
}

function itemOf(list: HTMLElement, eventId: number): HTMLElement {
  return list.querySelector<HTMLElement>(`[data-event-id="${eventId}"]`)!.closest('li')!;
}

/** Each allocation of an event as the leader reads it: name, department, answer and the reason of a decline. */
function rows(item: HTMLElement): string[] {
  return [...item.querySelectorAll('.event-allocations__who')].map((who) =>
    [...who.children].map((part) => part.textContent).join(' | '),
  );
}

function summaryOf(item: HTMLElement): string | null | undefined {
  return item.querySelector('.event-allocations__summary')?.textContent;
}

/** The member answers in their own browser. */
async function answer(portal: Portal, person: Person, allocationId: number, body: { answer: string; reason?: string }) {
  const agent = await portal.agentOf(person);
  await agent.post(`/api/allocations/${allocationId}/response`).send(body).expect(200);
}

async function blockDays(portal: Portal, person: Person, from: string, to: string, note: string) {
  const agent = await portal.agentOf(person);
  await agent.post('/api/me/blockouts').send({ from, to, note }).expect(201);
}

async function openAllocation(list: HTMLElement, eventId: number, user: ReturnType<typeof renderApp>['user']) {
  await user.click(list.querySelector<HTMLElement>(`[data-event-id="${eventId}"]`)!);
  return screen.findByRole('dialog', { name: 'Allocate Member to Event' }, { timeout: 5000 });
}

function optionLabels(input: HTMLElement): Array<string | null> {
  const datalist = document.getElementById(input.getAttribute('list')!)!;
  return [...datalist.querySelectorAll('option')].map((option) => option.getAttribute('label'));
}

describe('Leader View: the members’ answers (issue 13)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('shows each allocation’s answer (pendente, confirmado, recusado with the reason) and each event’s count', async () => {
    const portal = await openPortal({
      events: EVENTS,
      signedIn: LEADER,
      allocations: [
        { event: 5, department: 'Louvor', member: MEMBER },
        { event: 5, department: 'Mídia', member: ANA },
        { event: 5, department: 'Recepção', member: ADMIN },
        { event: 7, department: 'Louvor', member: ANA },
      ],
    });
    const [marcos, ana] = portal.allocationIds;
    await answer(portal, MEMBER, marcos!, { answer: 'confirmed' });
    await answer(portal, ANA, ana!, { answer: 'declined', reason: 'Viagem em família' });

    const { list } = await renderLeaderView();
    const culto = itemOf(list, 5);
    await waitFor(() => expect(summaryOf(culto)).toBe('1 confirmado · 1 pendente · 1 recusou'));
    expect(rows(culto)).toEqual([
      'Marcos Membro | Louvor | confirmado',
      'Ana Souza | Mídia | recusado | Motivo: Viagem em família',
      'Adriana Admin | Recepção | pendente',
    ]);
    expect(summaryOf(itemOf(list, 7))).toBe('1 pendente');
    expect(rows(itemOf(list, 7))).toEqual(['Ana Souza | Louvor | pendente']);
  });

  it('a decline made meanwhile shows, with its reason, when the leader comes back to the page — no reload', async () => {
    const { portal, list } = await openLeaderView([
      { event: 5, department: 'Louvor', member: MEMBER },
      { event: 5, department: 'Mídia', member: ANA },
    ]);
    const culto = itemOf(list, 5);
    await waitFor(() => expect(summaryOf(culto)).toBe('2 pendentes'));
    await portal.settled();
    expect(portal.count(WINDOW)).toBe(1);

    // Ana declines in her own browser while the leader's page stays open.
    await answer(portal, ANA, portal.allocationIds[1]!, { answer: 'declined', reason: 'Plantão no hospital' });
    expect(summaryOf(culto)).toBe('2 pendentes');

    // The leader comes back to the tab.
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(summaryOf(culto)).toBe('1 pendente · 1 recusou'));
    expect(rows(culto)).toContain('Ana Souza | Mídia | recusado | Motivo: Plantão no hospital');
    expect(portal.count(WINDOW)).toBe(2);
  });

  it('the member picker marks a blocked day (never its note) and a service close by, before Submit', async () => {
    const { portal, list, user } = await openLeaderView([{ event: 5, department: 'Louvor', member: MEMBER }]);
    await blockDays(portal, ANA, '2026-11-22', '2026-11-22', 'Casamento da prima');
    // Reunião de Líderes, 22/11 21:30: Ana blocked the day; Marcos serves at the Culto at 19:00 (< 3 h).
    const dialog = await openAllocation(list, 6, user);
    const member = within(dialog).getByLabelText('Member');
    // The list of everyone, before anything is typed, already marked.
    await waitFor(() =>
      expect(optionLabels(member)).toEqual([
        'Adriana Admin',
        'Ana Souza (indisponível neste dia)',
        'Lídia Líder',
        'Marcos Membro (serve perto deste horário)',
      ]),
    );

    await user.type(member, 'ana@example.org');
    const notice = dialog.querySelector<HTMLElement>('.allocation-form__candidate')!;
    await waitFor(() => expect(notice).toHaveTextContent('Indisponível: Ana Souza marcou que não pode servir em 22 de novembro de 2026.'));
    expect(member).toHaveAccessibleDescription(expect.stringContaining('Ana Souza marcou que não pode servir em 22 de novembro de 2026'));
    await waitFor(() => expect(optionLabels(member)).toEqual(['Ana Souza (indisponível neste dia)']));
    expect(portal.paths()).toContain('/api/events/6/candidates?q=ana%40example.org');

    await user.clear(member);
    await user.type(member, 'membro@demo.koinonia');
    await waitFor(() => expect(notice).toHaveTextContent('Já serve perto deste horário:'));
    expect(notice).toHaveTextContent('Culto — 22 de novembro de 2026 às 19:00 (Louvor)');
    expect(notice).not.toHaveTextContent('Ana Souza');

    await user.clear(member);
    await user.type(member, 'Lídia Líder');
    await waitFor(() => expect(optionLabels(member)).toEqual(['Lídia Líder']));
    expect(notice).toBeEmptyDOMElement();

    expect(document.body).not.toHaveTextContent('Casamento da prima');
    expect(portal.writes()).toEqual([]);
  });

  it('409 member_unavailable shows the blocked range, and "Alocar mesmo assim" sends force: true', async () => {
    const { portal, list, user } = await openLeaderView([]);
    await blockDays(portal, ANA, '2026-11-20', '2026-11-25', 'Férias na praia');
    const dialog = await openAllocation(list, 6, user);
    await user.type(within(dialog).getByLabelText('Department'), 'Mídia');
    await user.type(within(dialog).getByLabelText('Member'), 'ana@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Membro indisponível');
    expect(alert).toHaveTextContent('Ana Souza marcou indisponibilidade no dia deste evento.');
    expect(alert).toHaveTextContent('Indisponível de 20 de novembro de 2026 a 25 de novembro de 2026');
    expect(alert).not.toHaveTextContent('Férias');
    await waitFor(() => expect(alert).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Alocar mesmo assim' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(portal.writes()).toEqual([
      { method: 'POST', path: '/api/events/6/allocations', body: { department: 'Mídia', member: 'ana@example.org' } },
      { method: 'POST', path: '/api/events/6/allocations', body: { department: 'Mídia', member: 'ana@example.org', force: true } },
    ]);
    const reuniao = itemOf(list, 6);
    await waitFor(() => expect(rows(reuniao)).toEqual(['Ana Souza | Mídia | pendente']));
  });
});
