import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, ANA, EVENTS, freezeNow, LEADER, MEMBER } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal, type PortalSeed } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

/**
 * docs/product.md §10 on the screens, against the real API: Sede's Louvor (Marcos leads it, Ana sings) needs a
 * vocalist at Sunday's Culto (5), whose drummer (Adriana) declined.
 */
async function openWith(signedIn: PortalSeed['signedIn'], route: string, selfSignup: boolean) {
  const portal = await openPortal({ events: EVENTS, signedIn, allocations: [{ event: 5, department: 'Louvor', member: ADMIN }] });
  const network = await seedNetwork(portal, {
    churches: [{ name: 'Sede', city: 'São Paulo' }],
    positions: { Louvor: ['Vocal', 'Bateria'] },
    eventChurches: { 5: 'Sede' },
    teamMembers: [
      { church: 'Sede', department: 'Louvor', member: MEMBER, leader: true },
      { church: 'Sede', department: 'Louvor', member: ANA, positions: ['Vocal'] },
    ],
    needs: [
      { event: 5, department: 'Louvor', position: 'Vocal', count: 1 },
      { event: 5, department: 'Louvor', position: 'Bateria', count: 1 },
    ],
  });
  const { db } = portal.api.database;
  await db
    .updateTable('allocations')
    .set({ position_id: network.positionId('Louvor', 'Bateria'), status: 'declined', responded_at: portal.api.clock.now.toISOString() })
    .where('id', '=', portal.allocationIds[0]!)
    .execute();
  if (selfSignup) {
    await db.insertInto('team_settings').values({ church_id: network.churchId('Sede'), department_id: network.departmentId('Louvor'), self_signup: 1, updated_at: portal.api.clock.now.toISOString() }).execute();
  }
  renderApp(route);
  return { portal, network };
}

describe('open places and SOS on the screens (issue 24)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('a member sees "Vagas abertas" on the home page and takes a place with "Quero servir"', async () => {
    const { portal } = await openWith(ANA, '/', true);
    const section = await screen.findByRole('region', { name: 'Vagas abertas' });
    const take = await within(section).findByRole('button', { name: /^Quero servir: Louvor — Vocal, Culto/ });
    await userEvent.click(take);
    expect(await within(section).findByText(/^Pronto! Você está na escala de Louvor — Vocal — Culto/)).toBeInTheDocument();
    expect(await within(section).findByText('Nenhuma vaga aberta para você agora.')).toBeInTheDocument();
    const rows = await portal.api.database.db.selectFrom('allocations').select(['member_id', 'status', 'source']).where('event_id', '=', 5).where('member_id', '=', ANA.id).execute();
    expect(rows).toEqual([{ member_id: ANA.id, status: 'confirmed', source: 'signup' }]);
  });

  it('a member sees the same "Vagas abertas" on My Events', async () => {
    await openWith(ANA, '/events', true);
    await userEvent.click(await screen.findByRole('tab', { name: 'My Events' }));
    const section = await screen.findByRole('region', { name: 'Vagas abertas' });
    expect(await within(section).findByRole('button', { name: /^Quero servir: Louvor — Vocal, Culto/ })).toBeInTheDocument();
  });

  it('shows no "Vagas abertas" when the team does not let members sign up', async () => {
    const { portal } = await openWith(ANA, '/', false);
    expect(await screen.findByRole('heading', { name: 'Suas próximas escalas' })).toBeInTheDocument();
    await portal.settled();
    expect(screen.queryByRole('region', { name: 'Vagas abertas' })).toBeNull();
  });

  it('a team leader sends an SOS from the open cell of the gap matrix and is told how many were e-mailed', async () => {
    const { portal } = await openWith(MEMBER, '/escalas/lacunas', false);
    const sos = await screen.findByRole('button', { name: /^SOS: Louvor — Vocal, Culto/ });
    await userEvent.click(sos);
    const dialog = await screen.findByRole('dialog', { name: /^SOS: Louvor — Vocal/ });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Recado (opcional)' }), 'Quem pode?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar SOS' }));
    expect(await screen.findByText('1 pessoa foi avisada por e-mail.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Compartilhar no grupo do WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=.*Quem%20pode%3F/);
    const mails = await portal.api.database.db.selectFrom('outbox').select('recipient_id').where('kind', '=', 'sos').execute();
    expect(mails).toEqual([{ recipient_id: ANA.id }]);
    // The Bateria cell is open too; the Vocal one again within the hour is refused with the API's message.
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await userEvent.click(await screen.findByRole('button', { name: /^SOS: Louvor — Vocal, Culto/ }));
    const again = await screen.findByRole('dialog', { name: /^SOS: Louvor — Vocal/ });
    await userEvent.click(within(again).getByRole('button', { name: 'Enviar SOS' }));
    await waitFor(() => expect(within(again).getByText(/Já foi enviado um SOS para esta vaga na última hora/)).toBeInTheDocument());
  });
});

describe('"Vagas abertas" in Gestão da rede (issue 24)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('an admin lets a team’s members sign themselves up', async () => {
    const { portal, network } = await openWith(ADMIN, '/rede', false);
    const church = await screen.findByRole('combobox', { name: 'Igreja da equipe' });
    await within(church).findByRole('option', { name: 'Sede' });
    await userEvent.selectOptions(church, 'Sede');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Departamento da equipe' }), 'Louvor');
    const toggle = await screen.findByRole('checkbox', { name: 'Vagas abertas' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    const row = await portal.api.database.db.selectFrom('team_settings').select('self_signup').where('church_id', '=', network.churchId('Sede')).executeTakeFirst();
    expect(row?.self_signup).toBe(1);
  });
});

describe('"Lembrar quem não respondeu" in Leader View (issue 24)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('each event of a leader’s Leader View offers the reminder', async () => {
    const { portal } = await openWith(LEADER, '/events', false);
    await portal.api.database.db.updateTable('allocations').set({ status: 'pending', responded_at: null }).where('id', '=', portal.allocationIds[0]!).execute();
    await userEvent.click(await screen.findByRole('tab', { name: 'Leader View' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Lembrar quem não respondeu: Culto, 22 de novembro de 2026 às 19:00$/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Lembrar quem não respondeu: Culto/ });
    expect(await within(dialog).findByText('1 pessoa ainda não respondeu.')).toBeInTheDocument();
  });
});

describe('"Lembrar quem não respondeu" on the leader’s home page (issue 24)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('reminds the pending members of an event, then says when it was sent and when it may go again', async () => {
    const { portal } = await openWith(LEADER, '/', false);
    const { db } = portal.api.database;
    await db.updateTable('allocations').set({ status: 'pending', responded_at: null }).where('id', '=', portal.allocationIds[0]!).execute();
    await userEvent.click(await screen.findByRole('button', { name: /^Lembrar quem não respondeu: Culto/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Lembrar quem não respondeu: Culto/ });
    expect(await within(dialog).findByText('1 pessoa ainda não respondeu.')).toBeInTheDocument();
    expect(within(dialog).getByText('Nenhum lembrete enviado ainda.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar lembrete' }));
    expect(await within(dialog).findByText('1 pessoa foi lembrada por e-mail.')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Último lembrete: /)).toBeInTheDocument();
    expect(within(dialog).getByText(/^Um novo lembrete pode ir a partir de /)).toBeInTheDocument();
    const mails = await db.selectFrom('outbox').select('recipient_id').where('kind', '=', 'nudge').execute();
    expect(mails).toEqual([{ recipient_id: ADMIN.id }]);
  });
});

describe('"Vagas abertas" of the teams a member leads, on the home page (issue 24)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('a team leader switches self sign-up of their team', async () => {
    const { portal, network } = await openWith(MEMBER, '/', false);
    const toggle = await screen.findByRole('checkbox', { name: 'Vagas abertas: Louvor — Sede' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    const row = await portal.api.database.db.selectFrom('team_settings').select('self_signup').where('church_id', '=', network.churchId('Sede')).executeTakeFirst();
    expect(row?.self_signup).toBe(1);
  });
});
