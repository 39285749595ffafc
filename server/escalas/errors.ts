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

/** The member already serves at other events within the conflict window of this one. */
export class ScheduleConflict extends Error {
  constructor(
    memberName: string,
    hours: number,
    readonly conflicts: Conflict[],
  ) {
    super(`${memberName} já serve em outro evento a menos de ${hours} horas deste.`);
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
