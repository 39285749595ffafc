import * as accounts from '../accounts/errors.ts';
import * as availability from '../availability/errors.ts';
import * as churches from '../churches/errors.ts';
import * as coverRequests from '../coverRequests/errors.ts';
import * as drafts from '../drafts/errors.ts';
import * as escalas from '../escalas/errors.ts';
import * as eventTypes from '../eventTypes/errors.ts';
import * as events from '../events/errors.ts';
import { HttpError } from '../http/httpError.ts';
import * as joinRequests from '../joinRequests/errors.ts';
import * as invitations from '../invitations/errors.ts';
import * as needs from '../needs/errors.ts';
import * as notifications from '../notifications/errors.ts';
import * as openPlaces from '../openPlaces/errors.ts';
import * as passwordReset from '../passwordReset/errors.ts';
import * as responses from '../responses/errors.ts';
import * as teamImport from '../teamImport/errors.ts';
import * as teams from '../teams/errors.ts';

interface Answer {
  message?: string;
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

interface Rule {
  type: abstract new (...args: never[]) => Error;
  toHttp(error: Error): HttpError;
}

/** How the API answers one domain error: its status and code; the pt-BR message is the error's own unless `answer` says otherwise. */
function rule<E extends Error>(type: abstract new (...args: never[]) => E, status: number, code: string, answer?: (error: E) => Answer): Rule {
  return {
    type,
    toHttp(error) {
      const { message = error.message, extra, headers } = answer?.(error as E) ?? {};
      return new HttpError(status, code, message, extra, headers);
    },
  };
}

/** Every domain error the API answers, by resource. Anything thrown that is not here (nor an HttpError) is a 500. */
const DOMAIN_ERRORS: Rule[] = [
  rule(accounts.EmailTaken, 409, 'email_taken'),
  rule(accounts.InvalidCredentials, 401, 'invalid_credentials'),
  rule(accounts.WeakPassword, 422, 'weak_password'),
  rule(accounts.CommonPassword, 422, 'common_password'),
  rule(accounts.TooManyLoginAttempts, 429, 'too_many_attempts', (error) => ({
    extra: { retry_after: error.retryAfterSeconds },
    headers: { 'Retry-After': String(error.retryAfterSeconds) },
  })),
  rule(accounts.LastAdmin, 409, 'last_admin'),
  rule(accounts.AccountAlreadyDeleted, 409, 'already_deleted'),
  rule(accounts.TooManyRegistrations, 429, 'too_many_attempts', (error) => ({
    extra: { retry_after: error.retryAfterSeconds },
    headers: { 'Retry-After': String(error.retryAfterSeconds) },
  })),

  rule(events.EventNotFound, 404, 'not_found'),
  rule(events.UnknownEventType, 422, 'unknown_event_type'),
  rule(events.HasAllocations, 409, 'has_allocations', (error) => ({ extra: { allocations: error.allocations } })),
  rule(events.TooManyOccurrences, 422, 'too_many_occurrences'),
  rule(events.UnknownChurch, 422, 'unknown_church'),
  rule(events.InvalidEnd, 400, 'invalid_request', (error) => ({
    message: `Requisição inválida (${error.field}): ${error.message}`,
    extra: { fields: { [error.field]: error.message } },
  })),
  // About one field of the request: the same answer as parseInput's for a schema mismatch of that field.
  rule(events.RepeatEndsBeforeStart, 400, 'invalid_request', (error) => ({
    message: `Requisição inválida (${error.field}): ${error.message}`,
    extra: { fields: { [error.field]: error.message } },
  })),

  rule(eventTypes.EventTypeExists, 409, 'event_type_exists'),

  rule(escalas.EventNotFound, 404, 'not_found'),
  rule(escalas.UnknownDepartment, 422, 'unknown_department'),
  rule(escalas.UnknownMember, 422, 'unknown_member'),
  rule(escalas.AlreadyAllocated, 409, 'already_allocated'),
  rule(escalas.ScheduleConflict, 409, 'schedule_conflict', (error) => ({ extra: { conflicts: error.conflicts } })),
  rule(escalas.DepartmentExists, 409, 'department_exists'),
  rule(escalas.MemberUnavailable, 409, 'member_unavailable', (error) => ({ extra: { blockouts: error.blockouts } })),
  rule(escalas.NotOnTheTeam, 403, 'forbidden'),
  rule(escalas.PositionExists, 409, 'position_exists'),
  rule(escalas.UnknownPosition, 422, 'unknown_position'),
  rule(escalas.NotAllowed, 403, 'forbidden'),
  rule(escalas.NotEligible, 409, 'not_eligible'),
  // A rule that keeps the taker from the place answers with its own code (docs/product.md §10).
  { type: escalas.PlaceRefused, toHttp: (error) => new HttpError(409, (error as escalas.PlaceRefused).code, error.message) },
  rule(escalas.PlaceAlreadyCovered, 409, 'already_covered'),
  rule(escalas.PlaceNotCoverable, 409, 'cover_closed'),
  rule(escalas.PlaceTaken, 409, 'place_taken'),
  rule(drafts.DraftClosed, 409, 'draft_closed'),
  // A pick a rule refuses answers with that rule's own code (not_eligible, schedule_conflict…).
  { type: drafts.PickRefused, toHttp: (error) => new HttpError(409, (error as drafts.PickRefused).code, error.message) },

  rule(churches.ChurchExists, 409, 'church_exists'),

  rule(teams.UnknownPosition, 422, 'unknown_position'),
  rule(teams.NotATeamMember, 404, 'not_found'),

  rule(teamImport.InvalidCsv, 422, 'invalid_csv'),

  rule(needs.EventNotFound, 404, 'not_found'),
  rule(needs.UnknownDepartment, 422, 'unknown_department'),
  rule(needs.UnknownPosition, 422, 'unknown_position'),

  rule(responses.AllocationNotFound, 404, 'not_found'),
  rule(responses.NotYourAllocation, 403, 'forbidden'),
  rule(responses.EventStarted, 409, 'event_started'),
  rule(responses.AllocationCovered, 409, 'already_covered'),
  rule(responses.ResponseLinkNotFound, 404, 'not_found'),

  rule(availability.BlockoutNotFound, 404, 'not_found'),

  rule(coverRequests.AllocationNotFound, 404, 'not_found'),
  rule(coverRequests.NotYourAllocation, 403, 'forbidden'),
  rule(coverRequests.NotCoverable, 409, 'not_coverable'),
  rule(coverRequests.EventStarted, 409, 'event_started'),
  rule(coverRequests.CoverAlreadyOpen, 409, 'cover_open'),
  rule(coverRequests.CoverRequestNotFound, 404, 'not_found'),
  rule(coverRequests.NotYourRequest, 403, 'forbidden'),
  rule(coverRequests.AlreadyCovered, 409, 'already_covered'),
  rule(coverRequests.CoverClosed, 409, 'cover_closed'),

  rule(joinRequests.UnknownChurch, 422, 'unknown_church'),
  rule(joinRequests.UnknownDepartment, 422, 'unknown_department'),
  rule(joinRequests.UnknownPosition, 422, 'unknown_position'),
  rule(joinRequests.AlreadyMember, 409, 'already_member'),
  rule(joinRequests.AlreadyRequested, 409, 'already_requested'),
  rule(joinRequests.JoinRequestNotFound, 404, 'not_found'),
  rule(joinRequests.NotTheTeamsLeader, 403, 'forbidden'),
  rule(joinRequests.AlreadyDecided, 409, 'already_decided'),

  rule(notifications.EventNotFound, 404, 'not_found'),

  // A rule that keeps the member from the place answers with its own code (place_taken, schedule_conflict…).
  { type: openPlaces.SignupRefused, toHttp: (error) => new HttpError(409, (error as openPlaces.SignupRefused).code, error.message) },
  rule(openPlaces.TooManySos, 429, 'too_many_attempts', (error) => ({
    extra: { retry_after: error.retryAfterSeconds },
    headers: { 'Retry-After': String(error.retryAfterSeconds) },
  })),
  rule(openPlaces.TooManyNudges, 429, 'too_many_attempts', (error) => ({
    extra: { retry_after: error.retryAfterSeconds },
    headers: { 'Retry-After': String(error.retryAfterSeconds) },
  })),

  rule(invitations.InviteLinkNotFound, 404, 'not_found'),
  rule(invitations.InviteLinkExpired, 410, 'link_expired'),
  rule(invitations.InviteLinkUsedUp, 410, 'link_used_up'),
  rule(invitations.InvitationNotFound, 404, 'not_found'),
  rule(invitations.InvitationExpired, 410, 'invitation_expired'),
  rule(invitations.InvitationUsed, 410, 'invitation_used'),
  rule(invitations.InvitationClosed, 409, 'invitation_closed'),
  rule(invitations.InvitationEmailMismatch, 422, 'email_mismatch', (error) => ({ extra: { email: error.email } })),
  rule(invitations.ResendTooSoon, 429, 'too_many_attempts', (error) => ({
    extra: { retry_after: error.retryAfterSeconds },
    headers: { 'Retry-After': String(error.retryAfterSeconds) },
  })),
  rule(invitations.UnknownPosition, 422, 'unknown_position'),

  rule(passwordReset.ResetLinkInvalid, 404, 'not_found'),
  rule(passwordReset.TooManyResetRequests, 429, 'too_many_attempts', (error) => ({
    extra: { retry_after: error.retryAfterSeconds },
    headers: { 'Retry-After': String(error.retryAfterSeconds) },
  })),
];

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
}

function fromBodyParser(error: BodyParserError): HttpError | undefined {
  switch (error.type) {
    case 'entity.parse.failed':
      return new HttpError(400, 'invalid_request', 'O corpo da requisição não é um JSON válido.');
    case 'entity.too.large':
      return new HttpError(413, 'payload_too_large', 'O corpo da requisição passa do limite de 100 kB.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(400, 'invalid_request', 'Codificação do corpo não suportada; use UTF-8.');
    case 'request.aborted':
      return new HttpError(400, 'invalid_request', 'A requisição foi interrompida.');
    default:
      return fromClientStatus(error);
  }
}

/**
 * Other client errors raised by Express itself or its parsers (a path with a malformed %-escape, a body whose
 * gzip is corrupt or whose length does not match Content-Length, ...): the client's fault, never a 500.
 */
function fromClientStatus(error: BodyParserError): HttpError | undefined {
  const status = error?.status ?? error?.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  if (status === 413) return new HttpError(413, 'payload_too_large', 'O corpo da requisição passa do limite de 100 kB.');
  return new HttpError(400, 'invalid_request', 'Requisição malformada.');
}

/**
 * What the API answers for an error: an HttpError as it is (parseInput's 400 for input that fails its zod
 * schema among them), a resource's domain error by the table above, a body parser's by its type; undefined
 * for anything else.
 */
export function httpErrorOf(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  const domain = DOMAIN_ERRORS.find((entry) => error instanceof entry.type);
  if (domain) return domain.toHttp(error as Error);
  return fromBodyParser((error ?? {}) as BodyParserError);
}
