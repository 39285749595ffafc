/**
 * The API's only length rule for passwords (shared/schemas/auth.ts `PASSWORD_MIN`/`PASSWORD_MAX`, kept equal
 * by a test; importing them would bring zod into the bundle). Register, password change and the operator's
 * CLI all enforce it, so no account has a password outside it.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Counted in Unicode characters, as the API counts them. */
export function isPasswordLengthValid(password: string): boolean {
  const length = [...password].length;
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX;
}

export const PASSWORD_LENGTH_MESSAGE = `A senha deve ter entre ${PASSWORD_MIN} e ${PASSWORD_MAX} caracteres.`;
