import type { RepeatLimitProblem } from '../recurrence/expandRepeat.ts';

export class EventNotFound extends Error {
  constructor() {
    super('Evento não encontrado.');
  }
}

export class UnknownEventType extends Error {
  constructor() {
    super('Tipo de evento não encontrado.');
  }
}

/** People are allocated to the events a delete would remove, and the leader did not confirm. */
export class HasAllocations extends Error {
  constructor(readonly allocations: number, events: number) {
    const who = allocations === 1 ? 'Há 1 pessoa escalada' : `Há ${allocations} pessoas escaladas`;
    const where = events === 1 ? 'neste evento' : `nestes ${events} eventos`;
    super(`${who} ${where}. Para excluir mesmo assim, confirme com confirm=true: as escalas serão removidas junto.`);
  }
}

/** A repetition's `until` falls before its first occurrence (a mistake in the request's `repeat.until`). */
export class RepeatEndsBeforeStart extends Error {
  readonly field = 'repeat.until';
  constructor() {
    super('A data final da repetição vem antes da primeira ocorrência.');
  }
}

export class TooManyOccurrences extends Error {
  constructor(problem: RepeatLimitProblem) {
    super(
      problem === 'too_many'
        ? 'Uma repetição pode ter no máximo 200 ocorrências.'
        : 'Uma repetição pode durar no máximo 2 anos a partir da primeira ocorrência.',
    );
  }
}

export class UnknownChurch extends Error {
  constructor() {
    super('Igreja não encontrada.');
  }
}

/** The end a request gives is not after the start, or too far after it. */
export class InvalidEnd extends Error {
  readonly field = 'ends_at';
}
