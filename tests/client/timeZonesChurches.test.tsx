import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, EVENTS, freezeNow } from './support/fixtures.ts';
import { seedNetwork } from './support/networkSeed.ts';
import { openPortal } from './support/realApi.ts';
import { renderApp } from './support/renderWithProviders.tsx';

async function openAdmin() {
  const portal = await openPortal({ events: EVENTS, signedIn: ADMIN });
  const network = await seedNetwork(portal, { churches: [{ name: 'Sede', city: 'São Paulo' }] });
  const rendered = renderApp('/rede');
  await screen.findByRole('heading', { name: 'Gestão da rede', level: 1 });
  return { portal, network, ...rendered, churches: screen.getByRole('region', { name: 'Igrejas' }) };
}

function optionLabels(select: HTMLElement) {
  return [...select.querySelectorAll(':scope > option')].map((option) => option.textContent);
}

describe('a church’s time zone in Gestão da rede (issue 27)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('Nova igreja offers Brazil’s four zones by name, then the others; the network’s is chosen; another one is sent', async () => {
    const { portal, user, churches } = await openAdmin();
    const form = within(churches).getByRole('form', { name: 'Nova igreja' });
    const zone = within(form).getByLabelText('Fuso horário');
    expect(optionLabels(zone)).toEqual(['Horário de Brasília', 'Horário do Amazonas', 'Horário do Acre', 'Fernando de Noronha']);
    const others = zone.querySelector('optgroup');
    expect(others).toHaveAttribute('label', 'Outros fusos');
    expect(within(others as HTMLElement).getByRole('option', { name: 'Lisboa (Europe/Lisbon)' })).toBeInTheDocument();
    expect(zone).toHaveValue('America/Sao_Paulo');
    // Every existing church says its zone.
    expect(within(churches).getByText('Horário de Brasília')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Nome da igreja'), 'Manaus Centro');
    await user.selectOptions(zone, 'Horário do Amazonas');
    await user.click(within(form).getByRole('button', { name: 'Criar igreja' }));
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent('Igreja criada: Manaus Centro.'));
    expect(portal.writes()).toEqual([{ method: 'POST', path: '/api/churches', body: { name: 'Manaus Centro', city: null, timezone: 'America/Manaus' } }]);
    const item = (await within(churches).findByText('Manaus Centro')).closest('li') as HTMLElement;
    expect(within(item).getByText('Horário do Amazonas')).toBeInTheDocument();
    // The form is ready for the next church, in the network's zone again.
    expect(zone).toHaveValue('America/Sao_Paulo');
  });

  it('Editar changes a church’s zone and sends only that', async () => {
    const { portal, network, user, churches } = await openAdmin();
    await user.click(await within(churches).findByRole('button', { name: 'Editar Sede' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar a igreja Sede' });
    const zone = within(dialog).getByLabelText('Fuso horário');
    expect(zone).toHaveValue('America/Sao_Paulo');
    await user.selectOptions(zone, 'America/Rio_Branco');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(portal.writes()).toEqual([
      { method: 'PATCH', path: `/api/churches/${network.churchId('Sede')}`, body: { name: 'Sede', city: 'São Paulo', timezone: 'America/Rio_Branco' } },
    ]);
    const item = within(churches).getByText('Sede').closest('li') as HTMLElement;
    expect(await within(item).findByText('Horário do Acre')).toBeInTheDocument();
  });
});
