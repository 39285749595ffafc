import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { COPY_FALLBACK_MESSAGE } from '../../client/features/account/CalendarFeed.tsx';
import { EVENTS, freezeNow, LEADER, MEMBER, type Person } from './support/fixtures.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

function topBarAccountLink() {
  const link = within(screen.getByRole('banner'))
    .getAllByRole('link')
    .find((candidate) => candidate.getAttribute('href') === '/login');
  if (!link) throw new Error('sem link para /login na barra do topo');
  return link;
}

/** The personal feed's address as the API makes it: the page's origin and a new random token. */
const FEED_URL = /^http:\/\/portal\.test\/api\/me\/calendar\.ics\?token=[\w-]{32}$/;

async function openHub(options: { signedIn: Person; calendarToken?: string }) {
  const portal = await openPortal({ events: EVENTS, signedIn: options.signedIn });
  if (options.calendarToken) await portal.setCalendarToken(options.signedIn, options.calendarToken);
  const rendered = renderApp('/login');
  const hub = await screen.findByRole('region', { name: 'Minha conta' });
  return { portal, hub, ...rendered };
}

describe('the session and the account hub (/login signed in)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('reads the session once at start and shows the first name in the top bar, still leading to /login', async () => {
    const portal = await openPortal({ events: EVENTS, signedIn: MEMBER });
    // Only the (HttpOnly) cookie: nothing in the browser's storage says this browser signed in before.
    window.localStorage.clear();
    renderApp('/');
    await waitFor(() => expect(topBarAccountLink()).toHaveTextContent('Marcos'));
    expect(topBarAccountLink()).not.toHaveTextContent('Membro');
    // The home page's summaries ask their own reads once she is known; the session was asked once, first.
    expect(portal.paths()[0]).toBe('/api/auth/me');
    expect(portal.paths().filter((path) => path === '/api/auth/me')).toHaveLength(1);
  });

  it('a session that ended elsewhere: { user: null } shows Entrar and the login panel', async () => {
    const portal = await openPortal({ events: EVENTS });
    renderApp('/login');
    expect(await screen.findByRole('form', { name: 'Login' })).toBeInTheDocument();
    expect(topBarAccountLink()).toHaveTextContent('Entrar');
    expect(portal.paths()).toEqual(['/api/auth/me']);
  });

  it('shows name, email and role in pt-BR, instead of the login panel', async () => {
    const { hub } = await openHub({ signedIn: LEADER });
    expect(within(hub).getByRole('heading', { level: 1, name: 'Minha conta' })).toBeInTheDocument();
    const facts = [...hub.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Nome', 'Lídia Líder'],
      ['Email', 'lider@demo.koinonia'],
      ['Papel', 'Líder'],
    ]);
    expect(within(hub).getByRole('button', { name: 'Sair' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Acesso à conta' })).toBeNull();
    expect(document.title).toBe('Minha conta · Koinonia');
  });

  it('Sair: POST /api/auth/logout, back to / as a visitor', async () => {
    const { portal, hub, user, router } = await openHub({ signedIn: MEMBER });
    await user.click(within(hub).getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(topBarAccountLink()).toHaveTextContent('Entrar'));
    expect(portal.writes()).toEqual([{ method: 'POST', path: '/api/auth/logout' }]);
    // The router commits a navigation in a transition: the home page may render a moment after the top bar.
    expect(await screen.findByRole('heading', { name: 'Welcome to Koinonia' })).toBeInTheDocument();

    // Back on /login: the spec's panel, and no more session calls.
    const callsBefore = portal.paths().length;
    await user.click(topBarAccountLink());
    expect(await screen.findByRole('form', { name: 'Login' })).toBeInTheDocument();
    expect(portal.paths().slice(callsBefore)).toEqual([]);
  });

  it('makes the calendar feed, copies it, and makes a new one with a note that the old stops working', async () => {
    const { portal, hub, user } = await openHub({ signedIn: MEMBER });
    const feed = within(hub.parentElement!).getByRole('region', { name: 'Calendário pessoal' });
    await user.click(await within(feed).findByRole('button', { name: 'Gerar link do calendário' }));
    const link = await within(feed).findByLabelText<HTMLInputElement>('Link do calendário');
    const first = link.value;
    expect(first).toMatch(FEED_URL);
    expect(link).toHaveAttribute('readonly');
    expect(within(feed).getByRole('status')).toHaveTextContent('Link gerado.');

    await user.click(within(feed).getByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(within(feed).getByRole('status')).toHaveTextContent('Link copiado.'));
    expect(await navigator.clipboard.readText()).toBe(first);

    const regenerate = within(feed).getByRole('button', { name: 'Gerar novo link' });
    expect(regenerate).toHaveAccessibleDescription(/faz o atual parar de funcionar/);
    await user.click(regenerate);
    await waitFor(() => {
      const renewed = within(feed).getByLabelText<HTMLInputElement>('Link do calendário').value;
      expect(renewed).toMatch(FEED_URL);
      expect(renewed).not.toBe(first);
    });
    expect(within(feed).getByRole('status')).toHaveTextContent('Novo link gerado. O anterior deixou de funcionar.');
    expect(portal.writes().map((write) => write.path)).toEqual(['/api/me/calendar-token', '/api/me/calendar-token']);
  });

  it('without a clipboard, selects the link and says how to copy it', async () => {
    const { hub, user } = await openHub({ signedIn: MEMBER, calendarToken: 'existente' });
    const feed = within(hub.parentElement!).getByRole('region', { name: 'Calendário pessoal' });
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const link = await within(feed).findByLabelText('Link do calendário');
    expect(link).toHaveValue('http://portal.test/api/me/calendar.ics?token=existente');
    await user.click(within(feed).getByRole('button', { name: 'Copiar' }));
    expect(within(feed).getByRole('status')).toHaveTextContent(COPY_FALLBACK_MESSAGE);
    expect(link).toHaveFocus();
  });

  it('changes the password, showing the API’s error for a wrong current one', async () => {
    const { hub, user, portal } = await openHub({ signedIn: MEMBER });
    const section = within(hub.parentElement!).getByRole('region', { name: 'Alterar senha' });
    await user.type(within(section).getByLabelText('Senha atual'), 'errada-123');
    await user.type(within(section).getByLabelText('Nova senha'), 'nova senha longa');
    await user.click(within(section).getByRole('button', { name: 'Alterar senha' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('A senha atual está incorreta.');

    await user.clear(within(section).getByLabelText('Senha atual'));
    await user.type(within(section).getByLabelText('Senha atual'), MEMBER.password);
    await user.click(within(section).getByRole('button', { name: 'Alterar senha' }));
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('Senha alterada.'));
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(portal.writes().at(-1)).toEqual({ method: 'POST', path: '/api/auth/password', body: { current: MEMBER.password, new: 'nova senha longa' } });
  });

  it('after a password change, shows the calendar feed’s new link (the old one stopped working)', async () => {
    const { hub, user } = await openHub({ signedIn: MEMBER, calendarToken: 'existente' });
    const feed = within(hub.parentElement!).getByRole('region', { name: 'Calendário pessoal' });
    expect(await within(feed).findByLabelText('Link do calendário')).toHaveValue('http://portal.test/api/me/calendar.ics?token=existente');
    const section = within(hub.parentElement!).getByRole('region', { name: 'Alterar senha' });
    await user.type(within(section).getByLabelText('Senha atual'), MEMBER.password);
    await user.type(within(section).getByLabelText('Nova senha'), 'nova senha longa');
    await user.click(within(section).getByRole('button', { name: 'Alterar senha' }));
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('Senha alterada.'));
    await waitFor(() => expect(within(feed).getByLabelText<HTMLInputElement>('Link do calendário').value).toMatch(FEED_URL));
  });

  it('labels every input of the hub', async () => {
    const { user, hub } = await openHub({ signedIn: MEMBER });
    await user.click(await within(hub.parentElement!).findByRole('button', { name: 'Gerar link do calendário' }));
    await within(hub.parentElement!).findByLabelText('Link do calendário');
    for (const input of document.querySelectorAll('main input')) {
      expect(document.querySelector(`label[for="${input.id}"]`)?.textContent?.trim()).toBeTruthy();
    }
  });
});
