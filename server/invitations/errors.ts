/** No such link, or it was revoked (the same answer: a revoked link tells nothing more). */
export class InviteLinkNotFound extends Error {
  constructor() {
    super('Este link de convite não existe ou foi cancelado pela liderança.');
  }
}

export class InviteLinkExpired extends Error {
  constructor() {
    super('Este link de convite expirou. Peça um novo link à liderança da equipe.');
  }
}

export class InviteLinkUsedUp extends Error {
  constructor() {
    super('Este link de convite já foi usado o número máximo de vezes. Peça um novo link à liderança da equipe.');
  }
}

/** No such e-mail invitation (by id, or its link), or it was cancelled. */
export class InvitationNotFound extends Error {
  constructor() {
    super('Este convite não existe ou foi cancelado.');
  }
}

export class InvitationExpired extends Error {
  constructor() {
    super('Este convite expirou. Peça à liderança da equipe que o envie de novo.');
  }
}

/** The personal link worked once already. */
export class InvitationUsed extends Error {
  constructor() {
    super('Este convite já foi aceito.');
  }
}

/** Cancelling or re-sending an invitation that is no longer pending. */
export class InvitationClosed extends Error {
  constructor() {
    super('Este convite não está mais pendente.');
  }
}

/** The invitation is bound to its address: another account (or another e-mail at registration) cannot take it. */
export class InvitationEmailMismatch extends Error {
  constructor(readonly email: string) {
    super(`Este convite foi enviado para ${email}. Entre (ou crie a conta) com esse e-mail para aceitá-lo.`);
  }
}

/** A re-send within the hour (docs/product.md §13). */
export class ResendTooSoon extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Este convite foi enviado há menos de uma hora. Tente de novo mais tarde.');
  }
}

/** A position of the body that is not one of the team's department. */
export class UnknownPosition extends Error {
  constructor() {
    super('Função não encontrada neste departamento.');
  }
}
