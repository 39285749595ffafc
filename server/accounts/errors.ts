import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/schemas/auth.ts';

export class EmailTaken extends Error {
  constructor() {
    super('Este email já está cadastrado.');
  }
}

/** A wrong email or password at sign-in, or a wrong current password when changing it. */
export class InvalidCredentials extends Error {
  constructor(message = 'Email ou senha inválidos.') {
    super(message);
  }
}

export class WeakPassword extends Error {
  constructor() {
    super(`A senha deve ter entre ${PASSWORD_MIN} e ${PASSWORD_MAX} caracteres.`);
  }
}

export class CommonPassword extends Error {
  constructor() {
    super('Essa senha é muito comum e fácil de adivinhar. Escolha outra.');
  }
}

export class TooManyLoginAttempts extends Error {
  constructor(readonly retryAfterSeconds: number) {
    // A slowed account's wait is a few seconds (accounts/loginThrottle.ts): said in seconds, not as "1 minuto".
    const wait = retryAfterSeconds < 60 ? `${retryAfterSeconds} segundo(s)` : `${Math.ceil(retryAfterSeconds / 60)} minuto(s)`;
    super(`Muitas tentativas de login. Tente novamente em ${wait}.`);
  }
}

export class TooManyRegistrations extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Muitos cadastros a partir deste endereço. Tente novamente em ${Math.ceil(retryAfterSeconds / 60)} minuto(s).`);
  }
}

/** The network would be left without an admin. */
export class LastAdmin extends Error {
  constructor(message = 'Esta é a última conta de administrador da rede: promova outra pessoa antes de mudar esta.') {
    super(message);
  }
}

/** The account was removed already (docs/product.md §11): there is nothing left to remove. */
export class AccountAlreadyDeleted extends Error {
  constructor() {
    super('Esta conta já foi excluída.');
  }
}
