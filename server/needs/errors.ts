export class EventNotFound extends Error {
  constructor() {
    super('Evento não encontrado.');
  }
}

/** A department named in the needs' body that does not exist. */
export class UnknownDepartment extends Error {
  constructor() {
    super('Departamento não encontrado.');
  }
}

/** A position that does not exist or belongs to another department than the one it is named with. */
export class UnknownPosition extends Error {
  constructor() {
    super('Função não encontrada neste departamento.');
  }
}
