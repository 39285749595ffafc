import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './support/renderWithProviders.tsx';

// A visitor (the real API over an empty network answers GET /api/auth/me with { user: null }): the privacy notice
// is for everyone, before anyone registers (docs/product.md §1, departure 6; §11).
describe('the privacy page (/privacidade)', () => {
  it('states what is kept, why, for how long (RETENTION_DAYS), who sees it and how to export or delete, with the portal name', () => {
    renderApp('/privacidade', { publicConfig: { portalName: 'Rede Ágape', retentionDays: 730 } });
    const page = screen.getByRole('article', { name: 'Privacidade no Rede Ágape' });
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Privacidade no Rede Ágape');
    expect(document.title).toBe('Privacidade · Rede Ágape');
    expect(
      within(page)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['O que o portal guarda', 'Para quê', 'Por quanto tempo', 'Quem vê o quê', 'Seus dados, suas decisões']);

    const kept = within(within(page).getByRole('region', { name: 'O que o portal guarda' })).getAllByRole('listitem');
    expect(kept.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Sua conta:',
      'Equipes e funções:',
      'Escalas e respostas:',
      'Disponibilidade:',
      'Sessões e aparelhos:',
      'Mensagens enviadas:',
    ]);
    const howLong = within(page).getByRole('region', { name: 'Por quanto tempo' });
    expect(howLong).toHaveTextContent('apagados automaticamente 730 dias depois do evento ou do dia a que se referem');
    const seeing = within(page).getByRole('region', { name: 'Quem vê o quê' });
    expect(seeing).toHaveTextContent('Os outros membros veem só o seu nome');
    expect(seeing).toHaveTextContent('Seu e-mail e seu telefone: você, os líderes das equipes de que você participa e os administradores da rede.');
    expect(seeing).toHaveTextContent('Seus motivos de recusa e as observações da sua disponibilidade: você, os líderes da equipe envolvida e os administradores da rede.');
    const rights = within(page).getByRole('region', { name: 'Seus dados, suas decisões' });
    expect(rights).toHaveTextContent('“Baixar meus dados”');
    expect(rights).toHaveTextContent('“Excluir minha conta”');
    expect(within(rights).getByRole('link', { name: 'página da sua conta' })).toHaveAttribute('href', '/login');
    expect(page).toHaveTextContent('O Rede Ágape organiza as escalas');
  });

  it('follows the configuration: 365 days and Koinonia by default', () => {
    renderApp('/privacidade');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Privacidade no Koinonia');
    expect(screen.getByRole('region', { name: 'Por quanto tempo' })).toHaveTextContent('365 dias');
  });

  it('is linked from the footer of every page, and the link opens it', async () => {
    const { user, router } = renderApp('/events');
    const link = within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacidade' });
    expect(link).toHaveAttribute('href', '/privacidade');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/privacidade');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacidade no Koinonia' })).toBeInTheDocument();
  });

  it('is linked from the registration form', async () => {
    const { user, router } = renderApp('/login');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const form = screen.getByRole('form', { name: 'Criar conta' });
    const link = within(form).getByRole('link', { name: 'como o portal cuida dos seus dados' });
    expect(link).toHaveAttribute('href', '/privacidade');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/privacidade');
  });
});
