import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventsState } from '../../client/features/events/eventsSlice.ts';
import { ADMIN, EVENTS, freezeNow, MEMBER } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal, type Portal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

const SEDE_ADDRESS = 'Rua das Flores, 100 - Centro, São Paulo';
const SEDE_MAP = 'https://www.google.com/maps/search/?api=1&query=Rua%20das%20Flores%2C%20100%20-%20Centro%2C%20S%C3%A3o%20Paulo';
const SEDE_TIMES = 'Domingos 10h e 19h; quartas 20h';
const PUBLIC_FEED = 'http://portal.test/api/calendar.ics';
const PUBLIC_WEBCAL = 'webcal://portal.test/api/calendar.ics';
const PUBLIC_GOOGLE = 'https://calendar.google.com/calendar/render?cid=webcal%3A%2F%2Fportal.test%2Fapi%2Fcalendar.ics';

/** Sede has an address and service times and holds Sunday's Culto (5); Campinas has neither and holds the Conferência (9). */
async function withPlaces(portal: Portal) {
  const network = await seedNetwork(portal, {
    churches: [{ name: 'Sede', city: 'São Paulo' }, { name: 'Campinas' }],
    eventChurches: { 5: 'Sede', 9: 'Campinas' },
  });
  await portal.api.database.db
    .updateTable('churches')
    .set({ address: SEDE_ADDRESS, service_times: SEDE_TIMES })
    .where('id', '=', network.churchId('Sede'))
    .execute();
  return network;
}

function mapLinkIn(container: HTMLElement) {
  return within(container).getByRole('link', { name: 'Ver no mapa (abre em nova aba)' });
}

function expectNewTab(link: HTMLElement, href: string) {
  expect(link).toHaveAttribute('href', href);
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

describe('where a church is, and subscribing to the agenda (issue 21, item 4)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('Gestão da rede: Nova igreja sends an address and service times; the list shows them with the map; Editar changes and clears them', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: ADMIN });
    const network = await withPlaces(portal);
    const { user } = renderApp('/rede');
    await screen.findByRole('heading', { name: 'Gestão da rede', level: 1 });
    const churches = screen.getByRole('region', { name: 'Igrejas' });

    // A church already stored shows where it is and when it meets.
    const sede = (await within(churches).findByText('Sede')).closest('li') as HTMLElement;
    expect(within(sede).getByText(SEDE_ADDRESS, { exact: false })).toBeInTheDocument();
    expectNewTab(mapLinkIn(sede), SEDE_MAP);
    expect(within(sede).getByText(`Cultos: ${SEDE_TIMES}`)).toBeInTheDocument();
    const campinas = within(churches).getByText('Campinas').closest('li') as HTMLElement;
    expect(within(campinas).queryByRole('link')).toBeNull();

    const form = within(churches).getByRole('form', { name: 'Nova igreja' });
    await user.type(within(form).getByLabelText('Nome da igreja'), 'Zona Norte');
    await user.type(within(form).getByLabelText('Endereço'), '  Av. Norte, 5  ');
    await user.type(within(form).getByLabelText('Horários de culto'), 'Sábados 19h30');
    await user.click(within(form).getByRole('button', { name: 'Criar igreja' }));
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent('Igreja criada: Zona Norte.'));
    expect(portal.writes()).toEqual([
      { method: 'POST', path: '/api/churches', body: { name: 'Zona Norte', city: null, address: 'Av. Norte, 5', service_times: 'Sábados 19h30' } },
    ]);
    const norte = (await within(churches).findByText('Zona Norte')).closest('li') as HTMLElement;
    expectNewTab(mapLinkIn(norte), 'https://www.google.com/maps/search/?api=1&query=Av.%20Norte%2C%205');
    expect(within(norte).getByText('Cultos: Sábados 19h30')).toBeInTheDocument();
    expect(within(form).getByLabelText('Endereço')).toHaveValue('');

    // Editar: a new address, the times cleared; only those two and the name and city are sent.
    await user.click(within(churches).getByRole('button', { name: 'Editar Sede' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar a igreja Sede' });
    const address = within(dialog).getByLabelText('Endereço');
    expect(address).toHaveValue(SEDE_ADDRESS);
    expect(within(dialog).getByLabelText('Horários de culto')).toHaveValue(SEDE_TIMES);
    await user.clear(address);
    await user.type(address, 'Praça da Sé, 1');
    await user.clear(within(dialog).getByLabelText('Horários de culto'));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(portal.writes().at(-1)).toEqual({
      method: 'PATCH',
      path: `/api/churches/${network.churchId('Sede')}`,
      body: { name: 'Sede', city: 'São Paulo', address: 'Praça da Sé, 1', service_times: '' },
    });
    await waitFor(() => expect(mapLinkIn(sede)).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=Pra%C3%A7a%20da%20S%C3%A9%2C%201'));
    expect(within(sede).queryByText(/^Cultos:/)).toBeNull();
    const stored = await portal.api.database.db.selectFrom('churches').select(['address', 'service_times']).where('id', '=', network.churchId('Sede')).executeTakeFirstOrThrow();
    expect(stored).toEqual({ address: 'Praça da Sé, 1', service_times: null });
  });

  it('Editar shows the API’s refusal of a too long address under the field, and saves nothing', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: ADMIN });
    await withPlaces(portal);
    const { user } = renderApp('/rede');
    const churches = await screen.findByRole('region', { name: 'Igrejas' });
    await user.click(await within(churches).findByRole('button', { name: 'Editar Campinas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar a igreja Campinas' });
    const address = within(dialog).getByLabelText('Endereço');
    await user.click(address);
    await user.paste('R'.repeat(201));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(address).toHaveAccessibleDescription(expect.stringContaining('O endereço pode ter no máximo 200 caracteres.')));
    expect(screen.getByRole('dialog', { name: 'Editar a igreja Campinas' })).toBeInTheDocument();
    const stored = await portal.api.database.db.selectFrom('churches').select('address').where('name', '=', 'Campinas').executeTakeFirstOrThrow();
    expect(stored.address).toBeNull();
  });

  it('signed in, Event Details shows the church’s address with its map and its service times; the list shows the address', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER });
    await withPlaces(portal);
    const state: EventsState = { tab: 'nextEvents', detailsEventId: 5, selectedDay: null, allocationEvent: null };
    const { user } = renderApp('/events', { preloadedState: { events: state } });
    const dialog = await screen.findByRole('dialog', { name: 'Event Details' });
    await waitFor(() => expect(within(dialog).getByLabelText('Igreja')).toHaveValue('Sede'));
    expect(within(dialog).getByLabelText('Endereço da igreja')).toHaveValue(SEDE_ADDRESS);
    expectNewTab(mapLinkIn(dialog), SEDE_MAP);
    expect(within(dialog).getByLabelText('Horários de culto')).toHaveValue(SEDE_TIMES);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    // The list: Sede's Culto says where, with the map; Campinas (no address) and a whole-network event say nothing more.
    const list = await screen.findByRole('list', { name: 'Próximos eventos' });
    const item = (name: RegExp) => within(list).getByRole('button', { name }).closest('li') as HTMLElement;
    await waitFor(() => expect(within(item(/^Culto /)).getByText(SEDE_ADDRESS, { exact: false })).toBeInTheDocument());
    expectNewTab(mapLinkIn(item(/^Culto /)), SEDE_MAP);
    // The link is not inside the event's button.
    expect(mapLinkIn(item(/^Culto /)).closest('button')).toBeNull();
    expect(within(item(/^Conferência /)).queryByRole('link')).toBeNull();
    expect(within(item(/^Ensaio /)).queryByRole('link')).toBeNull();
  });

  it('a visitor sees no address, no map and no service times, in the list or in Event Details', async () => {
    const portal = await openPortal({ events: EVENTS });
    await withPlaces(portal);
    const state: EventsState = { tab: 'nextEvents', detailsEventId: 5, selectedDay: null, allocationEvent: null };
    const { user } = renderApp('/events', { preloadedState: { events: state } });
    const dialog = await screen.findByRole('dialog', { name: 'Event Details' });
    expect(await within(dialog).findByLabelText('Event')).toHaveValue('Culto');
    expect(within(dialog).queryByLabelText('Igreja')).toBeNull();
    expect(within(dialog).queryByLabelText('Endereço da igreja')).toBeNull();
    expect(within(dialog).queryByRole('link')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await screen.findByRole('list', { name: 'Próximos eventos' });
    expect(screen.queryByText(SEDE_ADDRESS, { exact: false })).toBeNull();
    expect(screen.queryByText(SEDE_TIMES, { exact: false })).toBeNull();
    expect(document.querySelector('a[href^="https://www.google.com/maps"]')).toBeNull();
  });

  it('signed in, the events page offers “Assinar a agenda”: the public feed as webcal://, Google and Apple, and a copy', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER });
    const { user } = renderApp('/events');
    const section = await screen.findByRole('region', { name: 'Assinar a agenda' });
    const address = within(section).getByLabelText('Endereço da agenda');
    expect(address).toHaveValue(PUBLIC_FEED);
    expect(address).toHaveAttribute('readonly');
    const apps = within(section).getByRole('list', { name: 'Assinar no calendário' });
    expect(within(apps).getByRole('link', { name: 'Abrir no app de calendário' })).toHaveAttribute('href', PUBLIC_WEBCAL);
    expectNewTab(within(apps).getByRole('link', { name: 'Google Agenda (abre em nova aba)' }), PUBLIC_GOOGLE);
    expect(within(apps).getByRole('link', { name: 'Apple (iPhone, iPad, Mac)' })).toHaveAttribute('href', PUBLIC_WEBCAL);

    await user.click(within(section).getByRole('button', { name: 'Copiar endereço' }));
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('Endereço copiado.'));
    expect(await navigator.clipboard.readText()).toBe(PUBLIC_FEED);

    // The address is the API's public feed.
    const feed = await portal.anonymousAgent().get(new URL(PUBLIC_FEED).pathname).expect(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
  });

  it('without a clipboard, “Copiar endereço” selects the address and says how to copy it', async () => {
    await openPortal({ events: EVENTS, signedIn: MEMBER });
    const { user } = renderApp('/events');
    const section = await screen.findByRole('region', { name: 'Assinar a agenda' });
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(within(section).getByRole('button', { name: 'Copiar endereço' }));
    expect(within(section).getByRole('status')).toHaveTextContent('O endereço está selecionado: copie com Ctrl+C');
    expect(within(section).getByLabelText('Endereço da agenda')).toHaveFocus();
  });

  it('signed out, the events page has nothing of it', async () => {
    const portal = await openPortal({ events: EVENTS });
    renderApp('/events');
    await screen.findByRole('list', { name: 'Próximos eventos' });
    // Everything the visitor's page asks has answered and rendered.
    await waitFor(() => expect(screen.getAllByRole('grid')).toHaveLength(2));
    expect(portal.paths()).toEqual(['/api/auth/me', '/api/events?from=2026-11-01&to=2026-12-31']);
    expect(screen.queryByRole('region', { name: 'Assinar a agenda' })).toBeNull();
    expect(screen.queryByText(/Assinar a agenda/)).toBeNull();
    expect(document.querySelector('a[href^="webcal:"], a[href^="https://calendar.google.com"]')).toBeNull();
  });

  it('the account page’s personal feed: the same three, for its own address', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER });
    await portal.setCalendarToken(MEMBER, 'existente');
    renderApp('/login');
    const feed = await screen.findByRole('region', { name: 'Calendário pessoal' });
    expect(await within(feed).findByLabelText('Link do calendário')).toHaveValue('http://portal.test/api/me/calendar.ics?token=existente');
    const apps = within(feed).getByRole('list', { name: 'Assinar no calendário' });
    const webcal = 'webcal://portal.test/api/me/calendar.ics?token=existente';
    expect(within(apps).getByRole('link', { name: 'Abrir no app de calendário' })).toHaveAttribute('href', webcal);
    expectNewTab(
      within(apps).getByRole('link', { name: 'Google Agenda (abre em nova aba)' }),
      `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
    );
    expect(within(apps).getByRole('link', { name: 'Apple (iPhone, iPad, Mac)' })).toHaveAttribute('href', webcal);
    // The copy stays beside them.
    expect(within(feed).getByRole('button', { name: 'Copiar' })).toBeInTheDocument();
  });
});
