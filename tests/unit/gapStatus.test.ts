import { describe, expect, it } from 'vitest';
import { GAP_STATUSES, gapStatusOf, gapStatusText } from '../../client/features/gapMatrix/gapStatus.ts';

const need = (needed: number, confirmed: number, pending: number, declined = 0) => ({ needed, confirmed, pending, declined });

describe('the state of a gap-matrix cell (issue 21)', () => {
  it('is complete only when as many as needed have confirmed', () => {
    expect(gapStatusOf(need(2, 2, 0))).toBe('complete');
    expect(gapStatusOf(need(1, 2, 0))).toBe('complete');
    expect(gapStatusOf(need(2, 2, 1, 3))).toBe('complete');
  });

  it('awaits when the invitations would fill it but some are unanswered: 13 invited, nobody answered, is not complete', () => {
    expect(gapStatusOf(need(13, 0, 13))).toBe('awaiting');
    expect(gapStatusOf(need(2, 1, 1))).toBe('awaiting');
    expect(gapStatusOf(need(2, 0, 3))).toBe('awaiting');
    // A decline beside enough invitations still awaits the answers, not the decline.
    expect(gapStatusOf(need(1, 0, 1, 1))).toBe('awaiting');
  });

  it('keeps Recusa, Vazia and Parcial for the cells still short of people', () => {
    expect(gapStatusOf(need(2, 1, 0, 1))).toBe('declined');
    expect(gapStatusOf(need(1, 0, 0, 1))).toBe('declined');
    expect(gapStatusOf(need(1, 0, 0))).toBe('empty');
    expect(gapStatusOf(need(3, 1, 1))).toBe('partial');
    expect(gapStatusOf(need(2, 0, 1))).toBe('partial');
  });

  it('says the unanswered count in the cell and in its accessible name', () => {
    expect(gapStatusText('awaiting', need(2, 0, 2))).toEqual({ word: '2 aguardando', spoken: 'Aguardando 2 respostas' });
    expect(gapStatusText('awaiting', need(2, 1, 1))).toEqual({ word: '1 aguardando', spoken: 'Aguardando 1 resposta' });
    expect(gapStatusText('complete', need(1, 1, 0))).toEqual({ word: 'Completa', spoken: 'Completa' });
    expect(gapStatusText('partial', need(2, 0, 1))).toEqual({ word: 'Parcial', spoken: 'Parcial' });
  });

  it('lists every state in the legend', () => {
    expect(GAP_STATUSES).toEqual(['empty', 'declined', 'partial', 'awaiting', 'complete']);
  });
});
