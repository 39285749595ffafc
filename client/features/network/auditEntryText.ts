import type { Role } from '../../../shared/schemas/auth.ts';
import type { AuditAction, AuditEntryView } from '../../../shared/schemas/audit.ts';

/** Each action as the filter offers it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  role_changed: 'Papel alterado',
  team_member_added: 'Entrada em equipe',
  team_member_changed: 'Funções ou liderança alteradas',
  team_member_removed: 'Saída de equipe',
  allocation_created: 'Escalação',
  allocation_removed: 'Escalação removida',
  draft_published: 'Escala automática publicada',
  cover_taken: 'Substituição assumida',
  data_exported: 'Dados exportados',
  account_deleted: 'Conta excluída',
  password_reset: 'Senha redefinida por e-mail',
  password_changed: 'Senha alterada',
  team_import: 'Planilha importada',
};

/** The actions in the order the filter offers them (zod's list would bring zod into the page). */
export const AUDIT_ACTION_ORDER = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

const ROLE_NAMES: Record<Role, string> = { member: 'membro', leader: 'líder', admin: 'administrador' };

/** Names the entry's ids point to (churches and departments the page has read). */
export interface AuditNames {
  church(id: number): string | undefined;
  department(id: number): string | undefined;
}

const formats = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/** `12/11/2026 19:30` in the portal's zone. */
export function auditDateTime(iso: string, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = {
      day: new Intl.DateTimeFormat('pt-BR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }),
      time: new Intl.DateTimeFormat('pt-BR', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    };
    formats.set(timeZone, format);
  }
  const at = new Date(iso);
  return `${format.day.format(at)} ${format.time.format(at)}`;
}

/** "12/11/2026 19:30 — Maria Lima alterou o papel de João para líder": an entry as the log reads it. */
export function auditEntryText(entry: AuditEntryView, names: AuditNames, timeZone: string): string {
  return `${auditDateTime(entry.at, timeZone)} — ${sentenceOf(entry, names, timeZone)}`;
}

function sentenceOf(entry: AuditEntryView, names: AuditNames, timeZone: string): string {
  const { details } = entry;
  // No account: the portal itself, or the server's operator (`npm run user`, details.via "cli").
  const actor = entry.actor?.name || (details.via === 'cli' ? 'O operador do servidor' : 'O portal');
  const subject = entry.subject?.name || 'alguém';
  const self = entry.actor !== null && entry.actor.id === entry.subject?.id;
  const num = (key: string) => (typeof details[key] === 'number' ? details[key] : undefined);
  const departmentName = () => {
    const id = num('department_id');
    return id === undefined ? 'um departamento' : (names.department(id) ?? `departamento nº ${id}`);
  };
  const team = () => {
    const church = num('church_id');
    return `${departmentName()} — ${church === undefined ? 'toda a rede' : (names.church(church) ?? `igreja nº ${church}`)}`;
  };
  const event = () => (typeof details.event_at === 'string' ? `no evento de ${auditDateTime(details.event_at, timeZone)}` : `no evento nº ${num('event_id') ?? '?'}`);
  switch (entry.action) {
    case 'role_changed': {
      const to = ROLE_NAMES[details.to as Role] ?? String(details.to);
      return `${actor} alterou o papel de ${subject} para ${to}`;
    }
    case 'team_member_added':
      return `${actor} adicionou ${subject} à equipe ${team()}${details.leader === true ? ' como líder' : ''}`;
    case 'team_member_changed':
      if (details.was_leader !== details.leader) {
        return details.leader === true ? `${actor} tornou ${subject} líder da equipe ${team()}` : `${actor} tirou de ${subject} a liderança da equipe ${team()}`;
      }
      return `${actor} alterou as funções de ${subject} na equipe ${team()}`;
    case 'team_member_removed':
      return `${actor} removeu ${subject} da equipe ${team()}`;
    case 'allocation_created':
      return `${actor} escalou ${subject} em ${departmentName()} ${event()}${details.source === 'draft' ? ' (escala automática)' : ''}`;
    case 'allocation_removed':
      return `${actor} removeu ${subject} da escala de ${departmentName()} ${event()}${details.cause === 'event_deleted' ? ' (evento excluído)' : ''}`;
    case 'draft_published': {
      const created = num('created') ?? 0;
      return `${actor} publicou uma escala automática com ${created} ${created === 1 ? 'escalação' : 'escalações'}`;
    }
    case 'cover_taken':
      return entry.subject ? `${actor} assumiu o lugar de ${subject}` : `${actor} assumiu uma substituição`;
    case 'data_exported':
      return self ? `${subject} baixou os próprios dados` : `${actor} exportou os dados de ${subject}`;
    case 'account_deleted':
      return self ? `${subject} excluiu a própria conta` : `${actor} excluiu a conta de ${subject}`;
    case 'password_reset':
      return entry.actor === null ? `${actor} redefiniu a senha de ${subject}` : `${subject} redefiniu a senha pelo link enviado por e-mail`;
    case 'password_changed':
      return `${subject} alterou a senha`;
    case 'team_import': {
      const invited = num('invited') ?? 0;
      const added = num('added') ?? 0;
      return `${actor} importou uma planilha: ${invited} ${invited === 1 ? 'pessoa convidada' : 'pessoas convidadas'}, ${added} ${added === 1 ? 'adicionada' : 'adicionadas'} a equipes`;
    }
  }
}
