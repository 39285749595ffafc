import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './support/renderWithProviders.tsx';

describe('public shell', () => {
  it('has a top bar with a link to the login page', () => {
    renderApp('/');
    const link = screen.getByRole('link', { name: 'Entrar' });
    expect(link).toHaveAttribute('href', '/login');
  });

  it('has Início, Ministério, Igrejas, Escolas, Rede and Departamentos pointing home, and Eventos to /events', () => {
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Início', '/'],
      ['Ministério', '/'],
      ['Igrejas', '/'],
      ['Escolas', '/'],
      ['Rede', '/'],
      ['Departamentos', '/'],
      ['Eventos', '/events'],
    ]);
  });

  it('marks the current page in the navigation', () => {
    renderApp('/events');
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' });
    expect(within(nav).getByRole('link', { name: 'Eventos' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Início' })).not.toHaveAttribute('aria-current');
  });

  it('navigates with the navigation links', async () => {
    const { user, router } = renderApp('/');
    await user.click(screen.getByRole('link', { name: 'Eventos' }));
    expect(router.state.location.pathname).toBe('/events');
    await user.click(screen.getByRole('link', { name: 'Ministério' }));
    expect(router.state.location.pathname).toBe('/');
    await user.click(screen.getByRole('link', { name: 'Entrar' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows Instagram, Facebook, Twitter and YouTube icons in the footer, linking to the configured pages', () => {
    renderApp('/', {
      publicConfig: {
        social: {
          instagram: 'https://instagram.example/rede',
          facebook: 'https://facebook.example/rede',
          twitter: 'https://twitter.example/rede',
          youtube: 'https://youtube.example/rede',
        },
      },
    });
    const footer = screen.getByRole('contentinfo');
    const social = within(within(footer).getByRole('list', { name: 'Redes sociais' })).getAllByRole('link');
    expect(social.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Instagram', 'https://instagram.example/rede'],
      ['Facebook', 'https://facebook.example/rede'],
      ['Twitter', 'https://twitter.example/rede'],
      ['YouTube', 'https://youtube.example/rede'],
    ]);
    for (const link of social) {
      expect(link.querySelector('svg')).not.toBeNull();
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});
