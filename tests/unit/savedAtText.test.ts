import { describe, expect, it } from 'vitest';
import { savedAtText } from '../../client/kit/offline/savedAtText.ts';

describe('savedAtText (the time in "sem conexão — dados de {hora}")', () => {
  const now = new Date('2026-11-22T15:00:00.000Z'); // 12:00 in São Paulo

  it('tells only the time for answers saved on the same network day', () => {
    expect(savedAtText('2026-11-22T12:41:00.000Z', 'America/Sao_Paulo', now)).toBe('09:41');
  });

  it('adds the day for answers saved on an earlier one, in the network timezone (not UTC)', () => {
    // 01:30 UTC on the 22nd is still the 21st in São Paulo.
    expect(savedAtText('2026-11-22T01:30:00.000Z', 'America/Sao_Paulo', now)).toBe('21/11 às 22:30');
    expect(savedAtText('2026-10-31T22:05:00.000Z', 'America/Sao_Paulo', now)).toBe('31/10 às 19:05');
  });
});
