import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './support/renderWithProviders.tsx';

describe('home page (/)', () => {
  it('shows the welcome heading with the product name and the placeholder text', () => {
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Koinonia' })).toBeInTheDocument();
    expect(screen.getByText('This is a placeholder content for the container.')).toBeInTheDocument();
  });

  it('takes the product name from the public config', () => {
    renderApp('/', { publicConfig: { portalName: 'Rede Ágape' } });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Rede Ágape');
    expect(document.title).toBe('Rede Ágape');
  });
});
