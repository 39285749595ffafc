import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './support/renderWithProviders.tsx';

// axe `page-has-heading-one` (issue 16): /login has one h1, out of sight, so the specification's visible titles
// (Login, Criar conta, the side panel's) stay what they are.
describe('login page heading', () => {
  it('has exactly one h1, visually hidden, naming the page in both modes', async () => {
    const { user } = renderApp('/login');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Acesso à conta');
    expect(heading).toHaveClass('visually-hidden');
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Acesso à conta');
    expect(screen.getByRole('form', { name: 'Criar conta' })).toBeInTheDocument();
  });
});
