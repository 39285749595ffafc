import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ClaimedMessage } from '../outbox/outboxQueries.ts';
import type { Config } from '../platform/config.ts';
import { publicBase } from './links.ts';
import type { OutgoingMail } from './mailer.ts';
import { coverEscalatedMessage, coverRequestedMessage, coverTakenMessage } from './coverMessages.ts';
import { findCoverFacts, isAtEvent } from './coverMessageQueries.ts';
import {
  findAllocationFacts,
  findRecipient,
  findRecipients,
  linkedAllocations,
  linkedAllocationsOf,
  resetLinkIsOpen,
  type AllocationFacts,
  type LinkedAllocation,
  type Recipient,
} from './messageQueries.ts';
import {
  declinedMessage,
  eventCancelledMessage,
  eventMovedMessage,
  invitationMessage,
  passwordResetMessage,
  placesReopenedMessage,
  reminderMessage,
  type CancelledService,
  type ReopenedPlace,
  type WrittenMessage,
} from './messages.ts';
import { nudgeMessage, sosMessage } from './openPlaceMessages.ts';
import { teamJoinRequest } from '../joinRequests/public.ts';
import { listMyTeams } from '../teams/public.ts';
import { joinApprovedMessage, joinDeclinedMessage, joinRequestedMessage } from './joinRequestMessages.ts';
import { findNudgedService, findSosPlace } from './openPlaceQueries.ts';
import { unsubscribeKey, unsubscribeToken } from './unsubscribeTokens.ts';
import { invitationMessageFacts } from '../invitations/public.ts';
import { teamInvitationMessage } from './teamInvitationMessages.ts';

/** What becomes of a claimed message: a mail to send, or a reason not to send it. */
export type Composed = { mail: OutgoingMail } | { status: 'skipped' | 'opted_out'; reason: string };

const skip = (reason: string): Composed => ({ status: 'skipped', reason });

const started = (facts: { event: { datetime: string } } | { datetime: string }, now: Date) =>
  Date.parse('event' in facts ? facts.event.datetime : facts.datetime) <= now.getTime();

const allocationIdOf = (message: ClaimedMessage) => Number(message.payload.allocation_id);

/**
 * What the messages claimed together read, in one query each rather than one a message (readMessageFacts): their
 * recipients and the reminders' allocations. Read right after the claim, as each message would read them.
 */
export interface MessageFacts {
  /** The messages these facts were read for. */
  ids: ReadonlySet<number>;
  recipients: ReadonlyMap<number, Recipient>;
  reminders: ReadonlyMap<number, LinkedAllocation[]>;
}

export async function readMessageFacts(db: Kysely<DB>, messages: readonly ClaimedMessage[]): Promise<MessageFacts> {
  const reminders = messages.filter((message) => message.kind === 'reminder').map((message) => message.id);
  const withRecipient = messages.filter((message) => message.kind !== 'team_invitation');
  const [recipients, linked] = await Promise.all([
    withRecipient.length > 0 ? findRecipients(db, withRecipient.map((message) => message.recipient_id)) : new Map<number, Recipient>(),
    reminders.length > 0 ? linkedAllocationsOf(db, reminders) : new Map<number, LinkedAllocation[]>(),
  ]);
  return { ids: new Set(messages.map((message) => message.id)), recipients, reminders: linked };
}

/**
 * Writes a claimed message from what the database says now, or tells why it is not sent: its allocation or
 * event is gone, the event started, the answer changed since, a reset link was used — `skipped`; the member
 * turned e-mail off — `opted_out` (a password reset, which the person just asked for, is always sent). `facts`:
 * what was read for it with the messages claimed with it (readMessageFacts).
 */
export async function composeMessage(db: Kysely<DB>, config: Config, message: ClaimedMessage, now: Date, facts?: MessageFacts): Promise<Composed> {
  const known = facts?.ids.has(message.id) ? facts : undefined;
  // An e-mail invitation goes to its own address, which may have no account: the row names who invited (docs/product.md §13).
  if (message.kind === 'team_invitation') {
    const token = message.payload.secret;
    if (typeof token !== 'string') return skip('o convite não tem link');
    const facts = await invitationMessageFacts(db, Number(message.payload.invitation_id), token, now);
    if (!facts) return skip('o convite foi aceito, cancelado, reenviado ou expirou');
    return { mail: { outboxId: message.id, messageKey: message.message_key, kind: message.kind, to: { name: facts.name, address: facts.email }, ...teamInvitationMessage(config, facts, token) } };
  }
  const recipient = known ? known.recipients.get(message.recipient_id) : await findRecipient(db, message.recipient_id);
  if (!recipient) return skip('o destinatário não existe mais');
  let written: WrittenMessage;
  switch (message.kind) {
    case 'invitation': {
      const facts = await findAllocationFacts(db, allocationIdOf(message));
      if (!facts) return skip('a escala foi removida');
      if (started(facts, now)) return skip('o evento já começou');
      if (facts.status !== 'pending') return skip('o membro já respondeu');
      if (typeof message.payload.secret !== 'string') return skip('o convite não tem link de resposta');
      written = invitationMessage(config, facts, message.payload.secret);
      break;
    }
    case 'reminder': {
      const services = (known ? (known.reminders.get(message.id) ?? []) : await linkedAllocations(db, message.id)).filter(
        (service) =>
          (service.status === 'pending' || service.status === 'confirmed') &&
          service.eventAt !== null &&
          Date.parse(service.eventAt) === Date.parse(service.event.datetime) &&
          !started(service, now),
      );
      if (services.length === 0) return skip('nenhum serviço a lembrar (recusado, removido, mudou de horário ou já começou)');
      written = reminderMessage(config, recipient.name, services, Number(message.payload.hours));
      break;
    }
    case 'declined': {
      const facts = await findAllocationFacts(db, allocationIdOf(message));
      if (!facts) return skip('a escala foi removida');
      if (facts.status !== 'declined') return skip('o membro mudou a resposta');
      if (started(facts, now)) return skip('o evento já começou');
      written = declinedMessage(config, recipient.name, facts, typeof message.payload.reason === 'string' ? message.payload.reason : facts.reason);
      break;
    }
    case 'event_moved': {
      const facts: AllocationFacts | undefined = await findAllocationFacts(db, allocationIdOf(message));
      if (!facts) return skip('a escala foi removida');
      if (started(facts, now)) return skip('o evento já começou');
      if (facts.status === 'declined' || facts.status === 'covered') return skip('o membro não vai servir');
      if (Date.parse(facts.event.datetime) !== Date.parse(String(message.payload.to))) return skip('o evento mudou de novo (outro aviso vai)');
      written = eventMovedMessage(config, facts, String(message.payload.from));
      break;
    }
    case 'event_cancelled': {
      const service = message.payload.service as CancelledService;
      if (started(service, now)) return skip('o evento já teria começado');
      written = eventCancelledMessage(config, recipient.name, service);
      break;
    }
    case 'places_reopened': {
      const places = ((message.payload.places ?? []) as ReopenedPlace[]).filter((place) => !started(place, now));
      if (places.length === 0) return skip('os eventos já começaram');
      written = placesReopenedMessage(config, recipient.name, places);
      break;
    }
    case 'sos': {
      const positionId = message.payload.position_id === null ? null : Number(message.payload.position_id);
      const place = await findSosPlace(db, { eventId: Number(message.payload.event_id), departmentId: Number(message.payload.department_id), positionId }, recipient.id);
      if (!place) return skip('o evento ou a vaga não existe mais');
      if (started(place.event, now)) return skip('o evento já começou');
      if (place.left <= 0) return skip('a vaga já foi preenchida');
      if (place.atEvent) return skip('a pessoa já está no evento');
      written = sosMessage(config, recipient.name, place, typeof message.payload.note === 'string' ? message.payload.note : null);
      break;
    }
    case 'nudge': {
      const service = await findNudgedService(db, allocationIdOf(message));
      if (!service) return skip('a escala foi removida');
      if (started(service.event, now)) return skip('o evento já começou');
      if (service.status !== 'pending') return skip('o membro já respondeu');
      written = nudgeMessage(config, recipient.name, service);
      break;
    }
    case 'cover_requested': {
      const facts = await findCoverFacts(db, Number(message.payload.cover_request_id));
      if (!facts || facts.status !== 'open') return skip('o pedido de cobertura não está mais aberto');
      if (started(facts.event, now)) return skip('o evento já começou');
      if (await isAtEvent(db, facts.event.id, recipient.id)) return skip('a pessoa já está no evento');
      written = coverRequestedMessage(config, recipient.name, facts);
      break;
    }
    case 'cover_taken': {
      const facts = await findCoverFacts(db, Number(message.payload.cover_request_id));
      if (!facts || facts.status !== 'taken') return skip('o pedido de cobertura não foi assumido');
      if (started(facts.event, now)) return skip('o evento já começou');
      written = coverTakenMessage(config, recipient.name, facts, recipient.id === facts.requester.id);
      break;
    }
    case 'cover_escalated': {
      const facts = await findCoverFacts(db, Number(message.payload.cover_request_id));
      if (!facts || facts.status !== 'open') return skip('o pedido de cobertura não está mais aberto');
      if (started(facts.event, now)) return skip('o evento já começou');
      written = coverEscalatedMessage(config, recipient.name, facts);
      break;
    }
    case 'join_requested': {
      const request = await teamJoinRequest(db, Number(message.payload.join_request_id));
      if (!request || request.status !== 'pending') return skip('o pedido para servir já foi decidido');
      written = joinRequestedMessage(config, recipient.name, request);
      break;
    }
    case 'join_approved': {
      const request = await teamJoinRequest(db, Number(message.payload.join_request_id));
      if (!request || request.status !== 'approved') return skip('o pedido para servir não está aprovado');
      const team = (await listMyTeams(db, recipient.id)).find((mine) => mine.church.id === request.church.id && mine.department.id === request.department.id);
      if (!team) return skip('a pessoa não está mais na equipe');
      written = joinApprovedMessage(config, recipient.name, request, team.positions);
      break;
    }
    case 'join_declined': {
      const request = await teamJoinRequest(db, Number(message.payload.join_request_id));
      if (!request || request.status !== 'declined') return skip('o pedido para servir não foi recusado');
      written = joinDeclinedMessage(config, recipient.name, request);
      break;
    }
    case 'password_reset': {
      const token = message.payload.secret;
      if (typeof token !== 'string') return skip('o pedido não tem link');
      if (!(await resetLinkIsOpen(db, createHash('sha256').update(token).digest('hex'), now))) return skip('o link expirou ou já foi usado');
      written = passwordResetMessage(config, recipient.name, token, String(message.payload.expires_at));
      break;
    }
    default:
      return skip(`tipo de mensagem desconhecido: ${String(message.kind)}`);
  }
  if (message.kind === 'password_reset') {
    return { mail: { outboxId: message.id, messageKey: message.message_key, kind: message.kind, to: { name: recipient.name, address: recipient.email }, ...written } };
  }
  if (!recipient.emailOn) return { status: 'opted_out', reason: 'o membro desligou os e-mails' };
  // Every notification says how to stop them in one click (RFC 8058); a password reset, asked for, does not.
  const unsubscribeUrl = `${publicBase(config)}/api/unsubscribe/${unsubscribeToken(await unsubscribeKey(db), recipient.id)}`;
  return {
    mail: { outboxId: message.id, messageKey: message.message_key, kind: message.kind, to: { name: recipient.name, address: recipient.email }, ...written, unsubscribeUrl },
  };
}
