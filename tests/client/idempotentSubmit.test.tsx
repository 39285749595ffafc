import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { NewEventButton } from '../../client/features/events/management/NewEventButton.tsx';
import type { RecordedRequest } from './support/apiHarness.ts';
import { EVENTS, freezeNow, LEADER } from './support/fixtures.ts';
import { openPortal } from './support/realApi.ts';
import { renderWithProviders } from './support/renderWithProviders.tsx';

const keyOf = (request: RecordedRequest) => request.headers.get('idempotency-key');

describe('Novo evento sent again after a time-out', () => {
  beforeEach(() => {
    freezeNow();
  });

  it('sends the same Idempotency-Key when the same event is submitted again, and a new one for the next event', async () => {
    const api = await openPortal({ events: EVENTS, signedIn: LEADER });
    const { user } = renderWithProviders(<NewEventButton />);
    const fill = async () => {
      await user.click(screen.getByRole('button', { name: 'Novo evento' }));
      const dialog = await screen.findByRole('dialog', { name: 'Novo evento' });
      await within(dialog).findByRole('option', { name: 'Culto' });
      await user.type(within(dialog).getByLabelText('Data'), '2026-12-06');
      await user.type(within(dialog).getByLabelText('Hora'), '19:30');
      return dialog;
    };

    const dialog = await fill();
    // The web host gave up waiting for the API (which may have saved the event).
    api.failNext('POST', /^\/api\/events$/, 504, {
      code: 'upstream_timeout',
      message: 'O serviço de eventos demorou demais para responder. A ação pode ter sido salva: confira antes de tentar de novo.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Criar evento' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A ação pode ter sido salva');
    await user.click(within(dialog).getByRole('button', { name: 'Criar evento' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await fill();
    await user.click(within(screen.getByRole('dialog', { name: 'Novo evento' })).getByRole('button', { name: 'Criar evento' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const posts = api.requests.filter((request) => request.method === 'POST' && request.path === '/api/events');
    expect(posts).toHaveLength(3);
    const [timedOut, retried, next] = posts.map(keyOf);
    expect(timedOut).toMatch(/^[0-9a-f]{32}$/);
    expect(retried).toBe(timedOut);
    expect(next).toMatch(/^[0-9a-f]{32}$/);
    expect(next).not.toBe(timedOut);
  });
});
