/** A rule keeps the person from the place (docs/product.md §10): the rule's code and its pt-BR sentence, a 409. */
export class SignupRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** An SOS for this place went out less than an hour ago (docs/product.md §10). */
export class TooManySos extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Já foi enviado um SOS para esta vaga na última hora. Tente de novo em ${Math.ceil(retryAfterSeconds / 60)} min.`);
  }
}

/** The pending members of this event were reminded less than 12 hours ago (docs/product.md §10). */
export class TooManyNudges extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Quem não respondeu já foi lembrado nas últimas 12 horas. Tente de novo em ${Math.ceil(retryAfterSeconds / 3600)} h.`);
  }
}
