export class AllocationNotFound extends Error {
  constructor() {
    super('Escala não encontrada.');
  }
}

/** Only the allocated member answers their allocation (leaders and admins included: it is not theirs to say). */
export class NotYourAllocation extends Error {
  constructor() {
    super('Apenas a pessoa escalada pode responder a esta escala.');
  }
}

/** Answers are taken until the event starts. */
export class EventStarted extends Error {
  constructor() {
    super('O evento já começou: a resposta não pode mais ser dada ou mudada.');
  }
}

/** An unknown token, or one whose event has started: both look the same from outside. */
export class ResponseLinkNotFound extends Error {
  constructor() {
    super('Este link de resposta não existe ou já expirou.');
  }
}

/** Someone took the place through a cover request (docs/product.md §10): the allocation is no longer the member's to answer. */
export class AllocationCovered extends Error {
  constructor() {
    super('Outra pessoa já assumiu este lugar: não há mais resposta a dar.');
  }
}
