/** A reset link that does not exist, expired, or was used already. */
export class ResetLinkInvalid extends Error {
  constructor() {
    super('Este link de redefinição de senha expirou ou já foi usado. Peça um novo em "Esqueceu sua senha?".');
  }
}

/** Too many reset requests from one address. */
export class TooManyResetRequests extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Muitos pedidos de redefinição de senha. Tente novamente em ${Math.ceil(retryAfterSeconds / 60)} minuto(s).`);
  }
}
