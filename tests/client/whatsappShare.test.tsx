import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Allocation } from '../../shared/schemas/escalas.ts';
import { DELIVERY_LABELS, DeliveryState } from '../../client/features/escalas/DeliveryState.tsx';
import { SHARE_LABEL, WhatsAppShare } from '../../client/features/escalas/WhatsAppShare.tsx';
import { ANA, EVENTS, freezeNow, LEADER, MEMBER } from './support/fixtures.ts';
import { openPortal } from './support/realApi.ts';
import { renderWithProviders } from './support/renderWithProviders.tsx';

describe('the Leader View shares an escala on WhatsApp (docs/product.md §7)', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('"Compartilhar no WhatsApp" opens wa.me with the escala as text; a member with a phone gets a link to their number', async () => {
    const portal = await openPortal({
      events: EVENTS,
      signedIn: LEADER,
      allocations: [
        { event: 3, department: 'Louvor', member: ANA },
        { event: 3, department: 'Louvor', member: MEMBER },
      ],
    });
    await (await portal.agentOf(ANA)).patch('/api/me/preferences').send({ phone: '(21) 99876-5432' }).expect(200);
    const allocations = (await (await portal.agentOf(LEADER)).get('/api/events/3/allocations').expect(200)).body as Allocation[];

    renderWithProviders(<WhatsAppShare eventId={3} allocations={allocations} />);
    const share = await screen.findByRole('link', { name: SHARE_LABEL });
    const url = new URL(share.getAttribute('href')!);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/');
    const text = url.searchParams.get('text')!;
    expect(text).toMatch(/^\*Escala — Ensaio\*\nsábado, 21 de novembro de 2026 às 22:30\n/);
    expect(text).toContain('*Louvor*\n• Ana Souza — aguardando resposta\n• Marcos Membro — aguardando resposta');
    expect(share).toHaveAttribute('target', '_blank');
    expect(share).toHaveAttribute('rel', 'noopener noreferrer');

    const invites = within(screen.getByRole('list', { name: 'Convites pelo WhatsApp' })).getAllByRole('link');
    expect(invites.map((link) => link.textContent)).toEqual(['Convite para Ana Souza no WhatsApp']);
    expect(invites[0]!.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5521998765432\?text=Ol%C3%A1%2C%20Ana!/);
  });

  it('names the last delivery state of an allocation, and nothing when no message was queued', () => {
    const { container } = render(
      <>
        <DeliveryState delivery="sent" />
        <DeliveryState delivery="opted_out" />
        <DeliveryState delivery={null} />
      </>,
    );
    expect([...container.querySelectorAll('span')].map((span) => span.textContent)).toEqual([DELIVERY_LABELS.sent, DELIVERY_LABELS.opted_out]);
    expect(DELIVERY_LABELS).toEqual({ queued: 'e-mail na fila', sent: 'e-mail enviado', failed: 'e-mail não entregue', opted_out: 'não recebe e-mails' });
  });
});
