import { describe, expect, it } from 'vitest';
import { auditEntryText, AUDIT_ACTION_LABELS, type AuditNames } from '../../client/features/network/auditEntryText.ts';
import { AUDIT_ACTIONS, type AuditEntryView } from '../../shared/schemas/audit.ts';

const MARIA = { id: 1, name: 'Maria Lima' };
const JOAO = { id: 2, name: 'João Alves' };
const NAMES: AuditNames = {
  church: (id) => (id === 7 ? 'Sede' : undefined),
  department: (id) => (id === 3 ? 'Louvor' : undefined),
};
/** 22:30 UTC on 12 November 2026 is 19:30 in São Paulo. */
const AT = '2026-11-12T22:30:00.000Z';

const text = (entry: Partial<AuditEntryView> & Pick<AuditEntryView, 'action'>) =>
  auditEntryText({ id: 1, at: AT, actor: MARIA, subject: JOAO, details: {}, ...entry }, NAMES, 'America/Sao_Paulo');

/** How the "Registro de atividades" reads each entry (docs/product.md §11): pt-BR, the portal's zone. */
describe('auditEntryText', () => {
  it('reads the example of the issue', () => {
    expect(text({ action: 'role_changed', details: { from: 'member', to: 'leader' } })).toBe('12/11/2026 19:30 — Maria Lima alterou o papel de João Alves para líder');
  });

  it('names the team, the event and the cause from the details', () => {
    const team = { church_id: 7, department_id: 3, position_ids: [4] };
    const allocation = { allocation_id: 9, event_id: 5, event_at: '2026-12-15T22:30:00.000Z', department_id: 3, position_id: null, source: 'manual' };
    expect(
      [
        text({ action: 'team_member_added', details: { ...team, leader: true } }),
        text({ action: 'team_member_changed', details: { ...team, leader: false, was_leader: true, was_position_ids: [4] } }),
        text({ action: 'team_member_changed', details: { ...team, leader: false, was_leader: false, was_position_ids: [] } }),
        text({ action: 'team_member_removed', details: { ...team, church_id: 8, leader: false } }),
        text({ action: 'allocation_created', details: { ...allocation, source: 'draft' } }),
        text({ action: 'allocation_removed', details: { ...allocation, cause: 'event_deleted' } }),
        text({ action: 'draft_published', subject: null, details: { draft_id: 2, created: 1 } }),
      ].map((line) => line.slice('12/11/2026 19:30 — '.length)),
    ).toEqual([
      'Maria Lima adicionou João Alves à equipe Louvor — Sede como líder',
      'Maria Lima tirou de João Alves a liderança da equipe Louvor — Sede',
      'Maria Lima alterou as funções de João Alves na equipe Louvor — Sede',
      'Maria Lima removeu João Alves da equipe Louvor — igreja nº 8',
      'Maria Lima escalou João Alves em Louvor no evento de 15/12/2026 19:30 (escala automática)',
      'Maria Lima removeu João Alves da escala de Louvor no evento de 15/12/2026 19:30 (evento excluído)',
      'Maria Lima publicou uma escala automática com 1 escalação',
    ]);
  });

  it('tells a person acting on their own account from an admin or the server’s operator', () => {
    expect(text({ action: 'data_exported', actor: JOAO })).toMatch(/— João Alves baixou os próprios dados$/);
    expect(text({ action: 'data_exported' })).toMatch(/— Maria Lima exportou os dados de João Alves$/);
    expect(text({ action: 'account_deleted', actor: JOAO })).toMatch(/— João Alves excluiu a própria conta$/);
    expect(text({ action: 'password_reset', actor: JOAO })).toMatch(/— João Alves redefiniu a senha pelo link enviado por e-mail$/);
    expect(text({ action: 'password_reset', actor: null, details: { via: 'cli' } })).toMatch(/— O operador do servidor redefiniu a senha de João Alves$/);
    expect(text({ action: 'role_changed', actor: null, details: { from: 'member', to: 'admin', via: 'cli' } })).toMatch(/— O operador do servidor alterou o papel de João Alves para administrador$/);
    expect(text({ action: 'password_changed', actor: JOAO })).toMatch(/— João Alves alterou a senha$/);
    expect(text({ action: 'team_import', subject: null, details: { rows: 5, invited: 2, added: 1, errors: 2 } })).toMatch(/— Maria Lima importou uma planilha: 2 pessoas convidadas, 1 adicionada a equipes$/);
  });

  it('has a label and a sentence for every action', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(AUDIT_ACTION_LABELS[action]).toBeTruthy();
      expect(text({ action })).toMatch(/^12\/11\/2026 19:30 — \S/);
    }
  });
});
