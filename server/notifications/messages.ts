import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { serviceText } from '../../shared/serviceText.ts';
import { zoneSuffix } from '../../shared/timeZones.ts';
import type { Instant } from '../db/schema.ts';
import type { Config } from '../platform/config.ts';
import { calendarText } from '../recurrence/calendarText.ts';
import { answerLink, eventsLink, gapMatrixLink, passwordResetLink, preferencesLink } from './links.ts';
import type { AllocationFacts } from './messageQueries.ts';

/** A message as written (pt-BR): subject, plain text, HTML, and maybe an iCalendar to carry. */
export interface WrittenMessage {
  subject: string;
  text: string;
  html: string;
  calendar?: { filename: string; content: string };
}

/** How long a service is assumed to last in calendar apps (events carry only a start), as in the member feed. */
const SERVICE_DURATION_MS = 2 * 60 * 60 * 1000;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, options: Intl.DateTimeFormatOptions, instant: Instant): string {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let formatter = formats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('pt-BR', { ...options, timeZone });
    formats.set(key, formatter);
  }
  return formatter.format(new Date(instant));
}

/**
 * `sábado, 5 de janeiro de 2030 às 19:00` at the event's own clock: in `zone` (its church's; null or omitted: the
 * network's), followed by the zone's name when it is not the network's — `… às 19:00 · horário de Manaus`
 * (docs/product.md §12).
 */
export function whenText(config: Config, instant: Instant, zone?: string | null): string {
  const own = zone ?? config.timeZone;
  return `${format(own, { dateStyle: 'full', timeStyle: 'short' }, instant)}${zoneSuffix(own, config.timeZone)}`;
}

/** `19:00`. */
function timeText(config: Config, instant: Instant): string {
  return format(config.timeZone, { hour: '2-digit', minute: '2-digit' }, instant);
}

/** `sábado, 5 de janeiro`. */
function dayText(config: Config, instant: Instant): string {
  return format(config.timeZone, { weekday: 'long', day: 'numeric', month: 'long' }, instant);
}

export const eventName = (event: { type: string | null }) => event.type ?? 'Evento';

/**
 * One service, so that in a network nobody guesses which (docs/product.md §7): `Culto · Sede · domingo, 22 de
 * novembro de 2026 às 19:00 · Louvor — Vocal`; without `when`, `Culto · Sede · Louvor — Vocal`.
 */
function serviceOf(config: Config, facts: AllocationFacts, withWhen = true): string {
  return serviceText({
    event: eventName(facts.event),
    church: facts.church?.name,
    when: withWhen ? whenText(config, facts.event.datetime, facts.event.zone) : undefined,
    department: facts.department,
    position: facts.position,
  });
}
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Paragraphs of plain text → HTML paragraphs (escaped). */
export const paragraphs = (lines: string[]) => lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('\n');

export const button = (label: string, href: string, color: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 18px;border-radius:6px;background:${color};color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a>`;

export function layout(config: Config, title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f7;font-family:Arial,Helvetica,sans-serif;color:#222222;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0 0;font-size:12px;color:#666666">${escapeHtml(config.portalName)} · mensagem automática. ${escapeHtml('Para não receber mais e-mails, mude suas preferências em')} <a href="${escapeHtml(preferencesLink(config))}">${escapeHtml(preferencesLink(config))}</a>.</p>
</div>
</body>
</html>`;
}

export const footerText = (config: Config) =>
  `— ${config.portalName} (mensagem automática). Para não receber mais e-mails, mude suas preferências em ${preferencesLink(config)}.`;

/** The event as a one-event iCalendar (same UID as in the member's feed, so calendar apps keep one entry). */
function eventCalendar(config: Config, facts: AllocationFacts, status: ICalEventStatus): string {
  const calendar = ical({ name: config.portalName, method: ICalCalendarMethod.PUBLISH, prodId: { company: config.portalName, product: 'escalas', language: 'PT-BR' } });
  const start = new Date(facts.event.datetime);
  calendar.createEvent({
    id: `allocation-${facts.id}@koinonia`,
    // The event's revision: a moved event's .ics replaces the invitation's entry in the member's calendar.
    sequence: facts.event.sequence,
    start,
    end: facts.event.ends_at ? new Date(facts.event.ends_at) : new Date(start.getTime() + SERVICE_DURATION_MS),
    summary: serviceOf(config, facts, false),
    description: `Você foi escalado(a) em ${serviceOf(config, facts, false)}. Responda em ${eventsLink(config)}.`,
    ...(facts.church ? { location: facts.church.name } : {}),
    status,
    url: eventsLink(config),
  });
  return calendarText(calendar);
}

/** The invitation of an allocation: the event, the department, Confirmar and Não posso, and the event as .ics. */
export function invitationMessage(config: Config, facts: AllocationFacts, token: string): WrittenMessage {
  const link = answerLink(config, token);
  const event = eventName(facts.event);
  const intro = facts.leader
    ? `${facts.leader.name} escalou você para servir em ${facts.department}.`
    : `Você foi escalado(a) para servir em ${facts.department}.`;
  const lines = [`Olá, ${firstName(facts.member.name)}!`, intro, `${serviceOf(config, facts)}.`, 'Você pode servir?'];
  const text = [
    ...lines,
    `Confirmar: ${link}`,
    `Não posso: ${link}`,
    'O link abre a página de eventos, que pergunta antes de registrar sua resposta. Ele vale até o início do evento.',
    footerText(config),
  ].join('\n\n');
  const html = layout(
    config,
    `Convite: ${event}`,
    `${paragraphs(lines)}
<p style="margin:16px 0">${button('Confirmar', link, '#1f7a3d')}${button('Não posso', link, '#b3261e')}</p>
${paragraphs(['O link abre a página de eventos, que pergunta antes de registrar sua resposta. Ele vale até o início do evento.'])}`,
  );
  return {
    subject: `Convite: ${serviceOf(config, facts)}`,
    text,
    html,
    calendar: { filename: 'convite.ics', content: eventCalendar(config, facts, ICalEventStatus.TENTATIVE) },
  };
}

const statusText = (status: AllocationFacts['status']) => (status === 'confirmed' ? 'confirmado' : status === 'declined' ? 'não pode' : 'aguardando resposta');

/** A reminder of one member's services of one day (one message for all of them). */
export function reminderMessage(config: Config, memberName: string, services: AllocationFacts[], hours: number): WrittenMessage {
  const first = services[0]!;
  const when = hours >= 24 && hours % 24 === 0 ? (hours === 24 ? 'amanhã' : `em ${hours / 24} dias`) : `em ${hours} ${hours === 1 ? 'hora' : 'horas'}`;
  const heading = services.length === 1 ? `Lembrete: ${eventName(first.event)} ${when}` : `Lembrete: você serve ${when}`;
  const items = services.map(
    (service) => `${serviceOf(config, service)} (${statusText(service.status)})`,
  );
  const pending = services.some((service) => service.status === 'pending');
  const lines = [
    `Olá, ${firstName(memberName)}!`,
    services.length === 1 ? 'Lembrete da sua escala:' : `Lembrete da sua escala de ${dayText(config, first.event.datetime)}:`,
  ];
  const ask = pending ? 'Ainda falta sua resposta: confirme ou avise que não pode na página de eventos.' : 'Obrigado por servir!';
  const text = [...lines, items.map((item) => `• ${item}`).join('\n'), ask, `Sua escala: ${eventsLink(config)}`, footerText(config)].join('\n\n');
  const html = layout(
    config,
    heading,
    `${paragraphs(lines)}
<ul style="margin:0 0 12px;padding-left:20px">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>
${paragraphs([ask])}
<p style="margin:16px 0">${button('Ver minha escala', eventsLink(config), '#3949ab')}</p>`,
  );
  return { subject: heading, text, html };
}

/** To the leader who allocated: the member cannot serve, and why. */
export function declinedMessage(config: Config, leaderName: string, facts: AllocationFacts, reason: string | null): WrittenMessage {
  const service = serviceOf(config, facts);
  // Lacunas filtered to the team of the place: where the leader picks someone else (docs/product.md §10).
  const link = gapMatrixLink(config, { churchId: facts.church?.id ?? null, departmentId: facts.departmentId });
  const lines = [
    `Olá, ${firstName(leaderName)}!`,
    `${facts.member.name} não pode servir: ${service}.`,
    reason ? `Motivo: ${reason}` : 'Não foi informado um motivo.',
    'Escolha outra pessoa nas Lacunas da equipe.',
  ];
  const text = [...lines, `Lacunas: ${link}`, footerText(config)].join('\n\n');
  const html = layout(config, `${facts.member.name} não pode servir`, `${paragraphs(lines)}\n<p style="margin:16px 0">${button('Abrir as lacunas', link, '#3949ab')}</p>`);
  return { subject: `${facts.member.name} não pode servir: ${service}`, text, html };
}

/** To the allocated: their event moved. Confirmations of the old time go back to pending (docs/product.md §6). */
export function eventMovedMessage(config: Config, facts: AllocationFacts, from: Instant): WrittenMessage {
  const event = eventName(facts.event);
  const lines = [
    `Olá, ${firstName(facts.member.name)}!`,
    `Mudou de horário o serviço ${serviceOf(config, facts, false)}:`,
    `antes: ${whenText(config, from, facts.event.zone)}`,
    `agora: ${whenText(config, facts.event.datetime, facts.event.zone)}`,
    'Confirme se pode servir no novo horário, ou avise que não pode, na página de eventos.',
  ];
  const text = [...lines, `Sua escala: ${eventsLink(config)}`, footerText(config)].join('\n\n');
  const html = layout(config, `${event} mudou de horário`, `${paragraphs(lines)}\n<p style="margin:16px 0">${button('Responder', eventsLink(config), '#3949ab')}</p>`);
  return {
    subject: `Mudança de horário: ${event} agora ${whenText(config, facts.event.datetime, facts.event.zone)}`,
    text,
    html,
    calendar: { filename: 'evento.ics', content: eventCalendar(config, facts, ICalEventStatus.TENTATIVE) },
  };
}

/**
 * What a cancelled event's notice says: the allocation is gone with the event, so the outbox payload keeps it —
 * with the event's zone (docs/product.md §12; absent in notices queued before it: the network's).
 */
export interface CancelledService {
  datetime: Instant;
  type: string | null;
  department: string;
  timezone?: string | null;
}

export function eventCancelledMessage(config: Config, memberName: string, service: CancelledService): WrittenMessage {
  const event = eventName(service);
  const when = whenText(config, service.datetime, service.timezone);
  const lines = [`Olá, ${firstName(memberName)}!`, `O ${event} de ${when}, em que você serviria em ${service.department}, foi cancelado.`, 'Você não precisa fazer nada.'];
  const text = [...lines, `Sua escala: ${eventsLink(config)}`, footerText(config)].join('\n\n');
  return { subject: `Cancelado: ${event} — ${when}`, text, html: layout(config, `${event} cancelado`, paragraphs(lines)) };
}

/** A place a removed account left (escalas/memberAllocations.ts): the allocation is gone, so the payload keeps it. */
export interface ReopenedPlace {
  datetime: Instant;
  type: string | null;
  department: string;
  position: string | null;
}

/**
 * To a leader: someone of their team removed their account (docs/product.md §11), and these places are open again.
 * The person is not named: their name went with the account.
 */
export function placesReopenedMessage(config: Config, leaderName: string, places: readonly ReopenedPlace[]): WrittenMessage {
  const items = places.map(
    (place) => `${eventName(place)} — ${whenText(config, place.datetime)}, em ${place.department}${place.position ? ` (${place.position})` : ''}`,
  );
  const lines = [
    `Olá, ${firstName(leaderName)}!`,
    places.length === 1
      ? 'Uma pessoa escalada excluiu a conta no portal, e o lugar dela ficou aberto:'
      : 'Uma pessoa escalada excluiu a conta no portal, e os lugares dela ficaram abertos:',
  ];
  const ask = 'Escolha outra pessoa em Lacunas ou na Visão do líder.';
  const text = [...lines, items.map((item) => `• ${item}`).join('\n'), ask, `Escalas: ${eventsLink(config)}`, footerText(config)].join('\n\n');
  const html = layout(
    config,
    places.length === 1 ? 'Um lugar ficou aberto' : 'Lugares ficaram abertos',
    `${paragraphs(lines)}
<ul style="margin:0 0 12px;padding-left:20px">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>
${paragraphs([ask])}
<p style="margin:16px 0">${button('Abrir escalas', eventsLink(config), '#3949ab')}</p>`,
  );
  const first = places[0]!;
  const subject = places.length === 1 ? `Lugar aberto: ${eventName(first)} — ${whenText(config, first.datetime)} (${first.department})` : `${places.length} lugares abertos na escala`;
  return { subject, text, html };
}

export function passwordResetMessage(config: Config, name: string, token: string, expiresAt: Instant): WrittenMessage {
  const link = passwordResetLink(config, token);
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Recebemos um pedido para redefinir a senha da sua conta no ${config.portalName}.`,
    `O link vale uma vez, até ${timeText(config, expiresAt)} (uma hora depois do pedido). Ao definir a nova senha, você sai da conta em todos os aparelhos.`,
    'Se não foi você, ignore este e-mail: sua senha continua a mesma.',
  ];
  const text = [lines[0], lines[1], `Redefinir a senha: ${link}`, ...lines.slice(2), `— ${config.portalName} (mensagem automática).`].join('\n\n');
  const html = layout(config, 'Redefinir a senha', `${paragraphs(lines.slice(0, 2))}\n<p style="margin:16px 0">${button('Redefinir a senha', link, '#3949ab')}</p>\n${paragraphs(lines.slice(2))}`);
  return { subject: `Redefinir a senha — ${config.portalName}`, text, html };
}

/**
 * The escala of an event as pt-BR text for WhatsApp: event, date, then each department's people and their status.
 * Who declined or was replaced is not on it: the text goes to the team's group, and says who serves.
 */
export function escalaWhatsappText(
  config: Config,
  event: { datetime: Instant; type: string | null; zone: string | null; church: string | null },
  allocations: AllocationFacts[],
): string {
  const lines = [`*Escala — ${serviceText({ event: eventName(event), church: event.church })}*`, whenText(config, event.datetime, event.zone)];
  const byDepartment = new Map<string, AllocationFacts[]>();
  const serving = allocations.filter((allocation) => allocation.status === 'pending' || allocation.status === 'confirmed');
  for (const allocation of serving) byDepartment.set(allocation.department, [...(byDepartment.get(allocation.department) ?? []), allocation]);
  if (byDepartment.size === 0) lines.push('', 'Ninguém escalado ainda.');
  for (const [department, people] of byDepartment) {
    lines.push('', `*${department}*`, ...people.map((person) => `• ${person.member.name}${person.position ? ` (${person.position})` : ''} — ${statusText(person.status)}`));
  }
  lines.push('', `Responda em ${eventsLink(config)}`);
  return lines.join('\n');
}

/** One member's invitation as WhatsApp text (the link opens their escala; the e-mailed answer link is theirs alone). */
export function invitationWhatsappText(config: Config, facts: AllocationFacts): string {
  return [
    `Olá, ${firstName(facts.member.name)}! Você está na escala:`,
    `${serviceOf(config, facts)}.`,
    `Você pode servir? Confirme ou avise que não pode em ${eventsLink(config)}`,
  ].join('\n');
}
