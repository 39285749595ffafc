import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/platform/config.ts';

/** COVER_ESCALATE_HOURS (docs/product.md §10): hours before the event when an open cover request reaches the leaders. */
describe('COVER_ESCALATE_HOURS', () => {
  it('is 24 unless set, and takes 1 to 720', () => {
    expect(loadConfig({}).coverEscalateHours).toBe(24);
    expect(loadConfig({ COVER_ESCALATE_HOURS: '6' }).coverEscalateHours).toBe(6);
    expect(loadConfig({ COVER_ESCALATE_HOURS: ' 720 ' }).coverEscalateHours).toBe(720);
  });

  it.each(['0', '721', '1.5', '-3', 'amanhã'])('refuses %j with one pt-BR line naming it', (value) => {
    expect(() => loadConfig({ COVER_ESCALATE_HOURS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ COVER_ESCALATE_HOURS: value })).toThrow(/^Configuração inválida: COVER_ESCALATE_HOURS=.* — deve ser um número inteiro de horas entre 1 e 720$/);
  });
});
