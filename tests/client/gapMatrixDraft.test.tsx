import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, ANA, EVENTS, freezeNow, LEADER, MEMBER, type Person } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

const VERA: Person = { id: 5, name: 'Vera Vocal', email: 'vera@example.org', role: 'member', password: 'segredo-forte' };
const BRUNO: Person = { id: 6, name: 'Bruno Bateria', email: 'bruno@example.org', role: 'member', password: 'segredo-forte' };

const CULTO = 'Culto, 22 de novembro de 2026 às 19:00';
const VIGILIA = 'Vigília, 23 de novembro de 2026 às 23:30';

/**
 * Sede's Louvor team is led by Marcos (a `member`); Ana and Vera sing, Bruno plays the drums. Sunday's Culto (5)
 * needs a vocalist and a drummer, Monday's Vigília (7) a vocalist. Bruno is away on Sunday and Ana on Monday,
 * so the only draft that fills the most places with nobody serving twice is Ana at the Culto, Vera at the
 * Vigília, and the drums empty.
 */
async function openDraftableMatrix() {
  const portal = await openPortal({ events: EVENTS, people: [LEADER, MEMBER, ANA, ADMIN, VERA, BRUNO], signedIn: MEMBER });
  const network = await seedNetwork(portal, {
    churches: [{ name: 'Sede', city: 'São Paulo' }],
    positions: { Louvor: ['Vocal', 'Bateria'] },
    eventChurches: { 5: 'Sede', 7: 'Sede' },
    teamMembers: [
      { church: 'Sede', department: 'Louvor', member: MEMBER, leader: true },
      { church: 'Sede', department: 'Louvor', member: ANA, positions: ['Vocal'] },
      { church: 'Sede', department: 'Louvor', member: VERA, positions: ['Vocal'] },
      { church: 'Sede', department: 'Louvor', member: BRUNO, positions: ['Bateria'] },
    ],
    needs: [
      { event: 5, department: 'Louvor', position: 'Vocal', count: 1 },
      { event: 5, department: 'Louvor', position: 'Bateria', count: 1 },
      { event: 7, department: 'Louvor', position: 'Vocal', count: 1 },
    ],
  });
  await blockDay(portal, BRUNO, '2026-11-22');
  await blockDay(portal, ANA, '2026-11-23');
  const rendered = renderApp('/escalas/lacunas');
  await screen.findByRole('grid', { name: 'Lacunas por evento e função' });
  return { portal, network, ...rendered };
}

async function blockDay(portal: Awaited<ReturnType<typeof openPortal>>, person: Person, day: string) {
  await portal.api.database.db
    .insertInto('blockouts')
    .values({ member_id: person.id, first_day: day, last_day: day, note: null, created_at: portal.api.clock.now.toISOString() })
    .execute();
}

/** Drafts the escala shown and waits for the draft, its summary focused. */
async function fill(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Preencher automaticamente' }));
  const panel = await screen.findByRole('region', { name: 'Rascunho da escala' });
  await waitFor(() => expect(within(panel).getByText(/ lugar(es)? · /)).toHaveFocus());
  return panel;
}

describe('Preencher automaticamente on Lacunas (issue 22)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('drafts the range and filters shown: proposals marked in the matrix, the summary focused, nobody invited', async () => {
    const { portal, user } = await openDraftableMatrix();
    expect(screen.getByText(/Propõe alguém para cada lugar vazio das próximas 8 semanas\./)).toBeInTheDocument();
    const panel = await fill(user);

    // The range of the overview shown (today and the next 8 weeks in the network's days), no filter.
    expect(portal.writes()).toEqual([{ method: 'POST', path: '/api/escalas/drafts', body: { from: '2026-11-21', to: '2027-01-15' } }]);
    const summary = within(panel).getByText('2 de 3 lugares · 2 pessoas · no máximo 1 serviço por pessoa');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(panel).getByText('Ninguém é convidado antes de você publicar.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Publicar (2 convites)' })).toHaveAccessibleDescription('Ninguém é convidado antes de você publicar.');
    expect(within(panel).getByRole('button', { name: 'Descartar' })).toBeEnabled();

    // The proposals, marked as such on screen and for a screen reader, in their cells; the count is unchanged.
    const culto = screen.getByRole('button', { name: `Proposta: Ana Souza — Louvor — Vocal, ${CULTO}` });
    expect(culto).toHaveTextContent('Proposta Ana Souza');
    expect(culto.closest('td')).toHaveAttribute('data-status', 'empty');
    expect(screen.getByRole('button', { name: `Proposta: Vera Vocal — Louvor — Vocal, ${VIGILIA}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Por que vazio? Louvor — Bateria, ${CULTO}` })).toHaveTextContent('Por que vazio?');
    expect(screen.getByRole('button', { name: /^\d+\/\d+ [^—]+ — Louvor — Vocal, Culto/ })).toHaveTextContent('○ 0/1 Vazia');
    // The arrow keys go through a cell's count and its places, and across to the same place of the next cell.
    screen.getByRole('button', { name: /^\d+\/\d+ [^—]+ — Louvor — Vocal, Culto/ }).focus();
    await user.keyboard('{ArrowDown}');
    expect(culto).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: `Por que vazio? Louvor — Bateria, ${CULTO}` })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(culto).toHaveFocus();
    // The cell's SOS (its place is still open) is the cell's last control.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: `SOS: Louvor — Vocal, ${CULTO}` })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: /^\d+\/\d+ [^—]+ — Louvor — Vocal, Vigília/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: `Proposta: Vera Vocal — Louvor — Vocal, ${VIGILIA}` })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(culto).toHaveFocus();
    // The filters stay as drafted while the draft is open; the draft is in the address, so a reload keeps it.
    expect(screen.getByLabelText('Igreja')).toBeDisabled();
    expect(screen.getByLabelText('Departamento')).toBeDisabled();
    const allocations = await portal.api.database.db.selectFrom('allocations').select('id').execute();
    expect(allocations).toEqual([]);
  });

  it('a proposal opens its reasons by keyboard; a person a rule refuses shows the API’s message; another is proposed', async () => {
    const { portal, user } = await openDraftableMatrix();
    await fill(user);
    const vigilia = screen.getByRole('button', { name: `Proposta: Vera Vocal — Louvor — Vocal, ${VIGILIA}` });
    vigilia.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Proposta: Vera Vocal' });
    // The reasons, as the API wrote them, hold the focus first.
    const reasons = within(dialog).getByRole('region', { name: 'Por que Vera Vocal' });
    expect(reasons).toHaveFocus();
    expect(within(reasons).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Vera Vocal está na equipe de Louvor da Sede e exerce Vocal.',
      '1 serviço no período, contando este.',
      'Vera Vocal ainda não serviu nenhuma vez.',
    ]);
    expect(within(dialog).getByText(`Louvor — Vocal · ${VIGILIA}`)).toBeInTheDocument();

    // The team's other vocalist, with what the leader should know: away that day. The API refuses her (409).
    const person = within(dialog).getByLabelText('Trocar por');
    await waitFor(() => expect(within(person).getAllByRole('option').map((option) => option.textContent)).toEqual(['Escolha uma pessoa', 'Ana Souza — 1 serviço no período · ainda não serviu · indisponível neste dia']));
    await user.selectOptions(person, String(ANA.id));
    await user.click(within(dialog).getByRole('button', { name: 'Trocar' }));
    // The rule's sentence on the field, which has the focus back.
    await waitFor(() => expect(person).toHaveAccessibleDescription('Ana Souza marcou indisponibilidade neste dia.'));
    expect(person).toBeInvalid();
    // The focus moves once the problem is on screen (useFormProblems' effect, after the commit).
    await waitFor(() => expect(person).toHaveFocus());
    expect(screen.getByRole('button', { name: `Proposta: Vera Vocal — Louvor — Vocal, ${VIGILIA}` })).toBeInTheDocument();

    // Esc closes it and gives the focus back to the proposal.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: `Proposta: Vera Vocal — Louvor — Vocal, ${VIGILIA}` })).toHaveFocus();

    // At the Culto, Vera instead of Ana: she is free on Sunday.
    await user.click(screen.getByRole('button', { name: `Proposta: Ana Souza — Louvor — Vocal, ${CULTO}` }));
    const culto = await screen.findByRole('dialog', { name: 'Proposta: Ana Souza' });
    const other = within(culto).getByLabelText('Trocar por');
    await waitFor(() => expect(within(other).getAllByRole('option').map((option) => option.textContent)).toEqual(['Escolha uma pessoa', 'Vera Vocal — 1 serviço no período · ainda não serviu']));
    await user.selectOptions(other, String(VERA.id));
    await user.click(within(culto).getByRole('button', { name: 'Trocar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const changed = screen.getByRole('button', { name: `Proposta: Vera Vocal — Louvor — Vocal, ${CULTO}` });
    expect(changed).toHaveFocus();
    expect(await screen.findByText('Vera Vocal proposto(a) no rascunho.')).toBeInTheDocument();
    expect(screen.getByText('2 de 3 lugares · 1 pessoa · no máximo 2 serviços por pessoa')).toBeInTheDocument();
    const draftPath = portal.writes()[0]!.path;
    const draftId = (await portal.api.database.db.selectFrom('drafts').select('id').executeTakeFirstOrThrow()).id;
    expect(portal.writes().slice(1)).toEqual([
      { method: 'PUT', path: `${draftPath}/${draftId}/places/${placeIdOf(changed, 'other')}`, body: { user_id: ANA.id } },
      { method: 'PUT', path: `${draftPath}/${draftId}/places/${placeIdOf(changed)}`, body: { user_id: VERA.id } },
    ]);
    // Its reasons say the leader chose her.
    await user.click(changed);
    const chosen = await screen.findByRole('dialog', { name: 'Proposta: Vera Vocal' });
    expect(within(chosen).getByRole('region', { name: 'Por que Vera Vocal' })).toHaveTextContent('Escolhido(a) por você.');
  });

  it('an empty place says why (“Por que vazio?”), and a proposal can be emptied', async () => {
    const { user } = await openDraftableMatrix();
    await fill(user);
    await user.click(screen.getByRole('button', { name: `Por que vazio? Louvor — Bateria, ${CULTO}` }));
    const why = await screen.findByRole('dialog', { name: 'Por que vazio?' });
    expect(within(why).getByRole('region', { name: 'Por que ninguém' })).toHaveTextContent('Bruno Bateria marcou indisponibilidade neste dia.');
    await user.click(within(why).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: `Proposta: Ana Souza — Louvor — Vocal, ${CULTO}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Proposta: Ana Souza' });
    await user.click(within(dialog).getByRole('button', { name: 'Deixar vazio' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const emptied = screen.getByRole('button', { name: `Por que vazio? Louvor — Vocal, ${CULTO}` });
    expect(emptied).toHaveFocus();
    expect(screen.getByText('1 de 3 lugares · 1 pessoa · no máximo 1 serviço por pessoa')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publicar (1 convite)' })).toBeEnabled();
  });

  it('publishes: the invitations created and each place skipped with its reason, the matrix refreshed', async () => {
    const { portal, user } = await openDraftableMatrix();
    const panel = await fill(user);
    // Vera blocks Monday after the draft was made: publishing skips her pick, never forces it.
    await blockDay(portal, VERA, '2026-11-23');
    await user.click(within(panel).getByRole('button', { name: 'Publicar (2 convites)' }));

    const outcome = await screen.findByRole('region', { name: 'Escala publicada' });
    const first = within(outcome).getByText('1 convite enviado · 1 lugar ficou de fora.');
    await waitFor(() => expect(first).toHaveFocus());
    // The place, then the API's sentence for the rule, as it is.
    expect(within(within(outcome).getByRole('list', { name: 'Lugares que ficaram de fora' })).getByRole('listitem')).toHaveTextContent(
      new RegExp(`^${VIGILIA} · Louvor — Vocal · Vera Vocal: Vera Vocal marcou indisponibilidade [^.]+\\.$`),
    );
    expect(screen.queryByRole('region', { name: 'Rascunho da escala' })).toBeNull();
    // The matrix is asked again: Ana's invitation awaits her answer; no proposal is left.
    await waitFor(() => expect(screen.getByRole('button', { name: /^\d+\/\d+ [^—]+ — Louvor — Vocal, Culto/ })).toHaveTextContent('◷ 1/1 1 aguardando'));
    expect(screen.queryByRole('button', { name: /^Proposta: / })).toBeNull();
    expect(screen.getByLabelText('Igreja')).toBeEnabled();
    const created = await portal.api.database.db.selectFrom('allocations').select(['member_id', 'status', 'source']).execute();
    expect(created).toEqual([{ member_id: ANA.id, status: 'pending', source: 'draft' }]);
  });

  it('a refused call says why and keeps the focus: a draft that could not be made, a draft published elsewhere', async () => {
    const { portal, user } = await openDraftableMatrix();
    portal.failNext('POST', '/api/escalas/drafts', 503, { code: 'unavailable', message: 'Serviço indisponível. Tente novamente.' });
    const fillButton = screen.getByRole('button', { name: 'Preencher automaticamente' });
    await user.click(fillButton);
    expect(await screen.findByRole('alert')).toHaveTextContent('Serviço indisponível. Tente novamente.');
    await waitFor(() => expect(fillButton).toHaveFocus());

    const panel = await fill(user);
    // The same leader publishes it from another browser: this page's Publicar is refused (409 draft_closed).
    const draftId = (await portal.api.database.db.selectFrom('drafts').select('id').executeTakeFirstOrThrow()).id;
    await (await portal.agentOf(MEMBER)).post(`/api/escalas/drafts/${draftId}/publish`).expect(200);
    await user.click(within(panel).getByRole('button', { name: 'Publicar (2 convites)' }));
    const refusal = await within(panel).findByRole('alert');
    expect(refusal).toHaveTextContent('Este rascunho já foi publicado, descartado ou expirou.');
    await waitFor(() => expect(refusal).toHaveFocus());
  });

  it('Descartar deletes the draft: nobody invited, the fill button back with the focus', async () => {
    const { portal, user } = await openDraftableMatrix();
    const panel = await fill(user);
    await user.click(within(panel).getByRole('button', { name: 'Descartar' }));
    const again = await screen.findByRole('button', { name: 'Preencher automaticamente' });
    await waitFor(() => expect(again).toHaveFocus());
    expect(await screen.findByText('Rascunho descartado: ninguém foi convidado.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Proposta: / })).toBeNull();
    expect(portal.writes().at(-1)).toMatchObject({ method: 'DELETE', path: expect.stringMatching(/^\/api\/escalas\/drafts\/\d+$/) });
    expect(await portal.api.database.db.selectFrom('drafts').select('id').execute()).toEqual([]);
  });
});

/** The draft place id of a proposal button, or of the other proposal of the matrix. */
function placeIdOf(button: HTMLElement, which: 'this' | 'other' = 'this'): string {
  if (which === 'this') return button.dataset.placeId!;
  const other = [...document.querySelectorAll<HTMLElement>('button[data-place-id]')].find(
    (candidate) => candidate !== button && candidate.getAttribute('aria-label')!.includes('Vigília'),
  );
  return other!.dataset.placeId!;
}
