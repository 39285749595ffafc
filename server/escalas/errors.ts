import type { BlockedRange, ScheduleConflict as Conflict } from '../../shared/schemas/escalas.ts';

export class EventNotFound extends Error {
  constructor() {
    super('Evento não encontrado.');
  }
}

export class UnknownDepartment extends Error {
  constructor() {
    super('Departamento não encontrado.');
  }
}

export class UnknownMember extends Error {
  constructor() {
    super('Nenhum membro cadastrado com esse email.');
  }
}

export class AlreadyAllocated extends Error {
  constructor() {
    super('Este membro já está escalado neste evento.');
  }
}

/** The member already serves at other events that overlap this one, or end or start within the buffer of it. */
export class ScheduleConflict extends Error {
  constructor(
    memberName: string,
    bufferMinutes: number,
    readonly conflicts: Conflict[],
  ) {
    super(
      bufferMinutes > 0
        ? `${memberName} já serve em outro evento neste horário ou a menos de ${bufferMinutes} minutos dele.`
        : `${memberName} já serve em outro evento neste horário.`,
    );
  }
}

/** The member blocked the event's day (network timezone): the ranges, never their notes. */
export class MemberUnavailable extends Error {
  constructor(
    memberName: string,
    readonly blockouts: BlockedRange[],
  ) {
    super(`${memberName} marcou indisponibilidade no dia deste evento.`);
  }
}

/** Who serves at an event is shown to the people who serve there (and to leaders). */
export class NotOnTheTeam extends Error {
  constructor() {
    super('Apenas quem serve neste evento pode ver a equipe.');
  }
}

export class DepartmentExists extends Error {
  constructor() {
    super('Já existe um departamento com esse nome.');
  }
}

export class PositionExists extends Error {
  constructor() {
    super('Este departamento já tem uma função com esse nome.');
  }
}

/** The position named is not one of the allocation's department. */
export class UnknownPosition extends Error {
  constructor() {
    super('Função não encontrada neste departamento.');
  }
}


/** The policy refused this place to whoever asked (docs/product.md §8): its reason, as a 403. */
export class NotAllowed extends Error {}

/**
 * The person is not on the team of the event's church and the place's department, or does not hold its position
 * (docs/product.md §9): a draft, a sign-up or a cover places only the team's people.
 */
export class NotEligible extends Error {
  constructor(memberName: string) {
    super(`${memberName} não está na equipe deste departamento nesta igreja, ou não exerce essa função.`);
  }
}

/** No place of the need is left: as many people as needed are pending or confirmed (docs/product.md §10). */
export class PlaceTaken extends Error {
  constructor() {
    super('Esta vaga já foi preenchida.');
  }
}

/** A rule of docs/product.md §9 keeps the person from the place they would take (a cover, §10): the rule's code. */
export class PlaceRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Someone took the place already (docs/product.md §10): one taker wins. */
export class PlaceAlreadyCovered extends Error {
  constructor() {
    super('Outra pessoa já assumiu este lugar.');
  }
}

/** The place can no longer be covered: its allocation was declined or removed, or its event began. */
export class PlaceNotCoverable extends Error {
  constructor() {
    super('Este pedido de cobertura não está mais aberto.');
  }
}

/**
 * The API code of a refusal of `allocateMany`, for callers that report refusals per place instead of throwing
 * them (a draft's publish): the same codes api/errorMapping.ts gives these errors.
 */
export function refusalCodeOf(error: Error): string {
  if (error instanceof AlreadyAllocated) return 'already_allocated';
  if (error instanceof MemberUnavailable) return 'member_unavailable';
  if (error instanceof ScheduleConflict) return 'schedule_conflict';
  if (error instanceof NotEligible) return 'not_eligible';
  if (error instanceof PlaceTaken) return 'place_taken';
  if (error instanceof NotAllowed) return 'forbidden';
  if (error instanceof EventNotFound) return 'not_found';
  if (error instanceof UnknownDepartment) return 'unknown_department';
  if (error instanceof UnknownMember) return 'unknown_member';
  if (error instanceof UnknownPosition) return 'unknown_position';
  return 'refused';
}
