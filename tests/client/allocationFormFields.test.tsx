import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventsState } from '../../client/features/events/eventsSlice.ts';
import { EVENTS, freezeNow, LEADER } from './support/fixtures.ts';
import { openPortal, type Portal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

const LEADER_VIEW: EventsState = { tab: 'leaderView', detailsEventId: null, selectedDay: null, allocationEvent: null };

async function openAllocationAsLeader(eventId: number, seed: (portal: Portal) => Promise<void> = async () => {}) {
  const portal = await openPortal({ events: EVENTS, signedIn: LEADER });
  await seed(portal);
  const rendered = renderApp('/events', { preloadedState: { events: LEADER_VIEW } });
  const list = await screen.findByRole('list', { name: 'Escala de membros' });
  await rendered.user.click(list.querySelector<HTMLElement>(`[data-event-id="${eventId}"]`)!);
  const dialog = await screen.findByRole('dialog', { name: 'Allocate Member to Event' });
  return { portal, dialog, ...rendered };
}

function optionValues(input: HTMLElement): string[] {
  const datalist = document.getElementById(input.getAttribute('list')!)!;
  return [...datalist.querySelectorAll('option')].map((option) => option.value);
}

describe('the leader’s allocation form (issue 16, Forms)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('a field’s message goes away once the leader fills that field in', async () => {
    const { dialog, user } = await openAllocationAsLeader(9);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Informe o departamento.');
    await user.type(within(dialog).getByLabelText('Department'), 'Louvor');
    expect(within(dialog).queryByText('Informe o departamento.')).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('part of a name that only one member has is accepted; part that several have is still refused', async () => {
    const { portal, dialog, user } = await openAllocationAsLeader(9);
    const member = within(dialog).getByLabelText('Member');
    await user.type(within(dialog).getByLabelText('Department'), 'Louvor');
    // `ana` is in Ana Souza and Adriana Admin (and in ana@example.org): which one is not known.
    await user.type(member, 'ana');
    await waitFor(() => expect(optionValues(member)).toEqual(expect.arrayContaining(['ana@example.org', 'admin@example.org'])));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    // The options seen may still be those of `an`: then the search is asked for `ana` first.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Escolha um membro da lista ou informe o email dele.');
    expect(portal.writes()).toEqual([]);

    await user.clear(member);
    await user.type(member, 'souza');
    await waitFor(() => expect(optionValues(member)).toEqual(['ana@example.org']));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Allocate Member to Event' })).toBeNull());
    expect(portal.writes()).toEqual([{ method: 'POST', path: '/api/events/9/allocations', body: { department: 'Louvor', member: 3 } }]);
  });

  it('part of a name pasted and sent at once, before the suggestions follow, is looked up and accepted', async () => {
    // A network with more members than one page of suggestions (20): the first page alone cannot tell who `souza` is.
    const { portal, dialog, user } = await openAllocationAsLeader(9, async (seeded) => {
      const now = new Date().toISOString();
      const brothers = Array.from({ length: 24 }, (_, index) => ({ name: `Irmão ${index + 1}`, email: `irmao${index + 1}@example.org`, password_hash: 'x', created_at: now }));
      await seeded.api.database.db.insertInto('users').values(brothers).execute();
    });
    await user.type(within(dialog).getByLabelText('Department'), 'Louvor');
    const member = within(dialog).getByLabelText('Member');
    await user.click(member);
    await user.paste('souza');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Allocate Member to Event' })).toBeNull());
    expect(portal.paths()).toContain('/api/events/9/candidates?q=souza');
    expect(portal.writes()).toEqual([{ method: 'POST', path: '/api/events/9/allocations', body: { department: 'Louvor', member: 3 } }]);
  });

  it('a name that several members have, sent before the suggestions follow, is refused: the last suggestions do not decide', async () => {
    const { portal, dialog, user } = await openAllocationAsLeader(9);
    await user.type(within(dialog).getByLabelText('Department'), 'Louvor');
    const member = within(dialog).getByLabelText('Member');
    await user.type(member, 'souza');
    await waitFor(() => expect(optionValues(member)).toEqual(['ana@example.org']));
    // `ana` among the suggestions for `souza` is Ana Souza alone; among all members it is Ana Souza and Adriana Admin.
    await user.clear(member);
    await user.paste('ana');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Escolha um membro da lista ou informe o email dele.');
    expect(portal.writes()).toEqual([]);
  });
});
