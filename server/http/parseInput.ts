import type { z } from 'zod';
import { badRequest } from './httpError.ts';

/** pt-BR wording for zod's built-in checks; messages written in our schemas take precedence. */
function ptBrMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Campo obrigatório.' : 'Tipo de valor inválido.';
    case 'too_small':
      return issue.origin === 'string' ? `Deve ter pelo menos ${issue.minimum} caracteres.` : 'Valor pequeno demais.';
    case 'too_big':
      return issue.origin === 'string' ? `Deve ter no máximo ${issue.maximum} caracteres.` : 'Valor grande demais.';
    case 'invalid_format':
      return issue.format === 'email' ? 'Email inválido.' : 'Formato inválido.';
    case 'unrecognized_keys':
      return `Campo não permitido: ${issue.keys.join(', ')}.`;
    case 'invalid_value':
      return 'Valor não permitido.';
    default:
      return 'Valor inválido.';
  }
}

/**
 * Where the input holds NUL (which PostgreSQL cannot store) or half a surrogate pair — never meaningful text;
 * undefined when it holds neither.
 */
function unstorableTextAt(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') || /\p{Cs}/u.test(value) ? path : undefined;
  if (path.length > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = unstorableTextAt(key, path) ?? unstorableTextAt(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** Parses request input with a shared schema; a mismatch is a 400 naming the fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const unstorable = unstorableTextAt(input);
  if (unstorable) {
    const message = 'O texto contém caracteres não permitidos.';
    throw badRequest(`Requisição inválida: ${message}`, { fields: { [unstorable.length ? unstorable.join('.') : '_']: message } });
  }
  const result = schema.safeParse(input, { error: ptBrMessage });
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    fields[issue.path.length ? issue.path.join('.') : '_'] ??= issue.message;
  }
  const [field, message] = Object.entries(fields)[0]!;
  throw badRequest(field === '_' ? `Requisição inválida: ${message}` : `Requisição inválida (${field}): ${message}`, { fields });
}
