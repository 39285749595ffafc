import type { FieldProblems } from '../../kit/forms/fieldProblems.ts';

/** The fields of the sign-in and registration forms, by their inputs' names. */
export type AuthField = 'name' | 'email' | 'password';

/** The message of each field left empty. */
const EMPTY_FIELD_MESSAGES: Readonly<Record<AuthField, string>> = {
  name: 'Informe seu nome.',
  email: 'Informe o e-mail.',
  password: 'Informe a senha.',
};

function isAuthField(name: string): name is AuthField {
  return Object.hasOwn(EMPTY_FIELD_MESSAGES, name);
}

/**
 * The sign-in and registration forms' own check: a submit with empty fields sends nothing, and each empty field
 * gets its message (`Informe o e-mail.`); a password counts as empty only with nothing at all in it.
 */
export function emptyFieldProblems(form: HTMLFormElement): FieldProblems<AuthField> {
  const problems: FieldProblems<AuthField> = {};
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name]')) {
    const empty = input.type === 'password' ? input.value === '' : input.value.trim() === '';
    if (empty && isAuthField(input.name)) problems[input.name] = EMPTY_FIELD_MESSAGES[input.name];
  }
  return problems;
}

/** The field an edited input is, if it is one of them. */
export function authFieldOf(target: EventTarget): AuthField | undefined {
  return target instanceof HTMLInputElement && isAuthField(target.name) ? target.name : undefined;
}
