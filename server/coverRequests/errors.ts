/** The allocation named does not exist. */
export class AllocationNotFound extends Error {
  constructor() {
    super('Escala não encontrada.');
  }
}

/** Only the allocated member asks for cover of their place. */
export class NotYourAllocation extends Error {
  constructor() {
    super('Apenas a pessoa escalada pode pedir cobertura para esta escala.');
  }
}

/** Only a pending or confirmed allocation holds a place to cover. */
export class NotCoverable extends Error {
  constructor() {
    super('Só é possível pedir cobertura de uma escala pendente ou confirmada.');
  }
}

/** The event began: no cover any more. */
export class EventStarted extends Error {
  constructor() {
    super('O evento já começou: não é mais possível pedir cobertura.');
  }
}

/** One open request per allocation. */
export class CoverAlreadyOpen extends Error {
  constructor() {
    super('Já existe um pedido de cobertura aberto para esta escala.');
  }
}

export class CoverRequestNotFound extends Error {
  constructor() {
    super('Pedido de cobertura não encontrado.');
  }
}

/** Only the requester withdraws a request. */
export class NotYourRequest extends Error {
  constructor() {
    super('Apenas quem pediu a cobertura pode retirar o pedido.');
  }
}

/** Someone took the place already: exactly one taker wins (docs/product.md §10). */
export class AlreadyCovered extends Error {
  constructor() {
    super('Outra pessoa já assumiu este lugar.');
  }
}

/** The request was withdrawn or expired, or its place is no longer the requester's. */
export class CoverClosed extends Error {
  constructor() {
    super('Este pedido de cobertura não está mais aberto.');
  }
}
