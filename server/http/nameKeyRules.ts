import { badRequest } from './httpError.ts';

/**
 * The name's comparison key must keep a letter and fit its column: a name of accents alone leaves nothing to
 * compare, and a few scripts grow when their accents are removed. `missing` is the field's pt-BR message.
 */
export function requireUsableNameKey(key: string, max: number, missing: string): void {
  if (key === '') throw badRequest('Requisição inválida (name): o nome precisa ter ao menos uma letra.', { fields: { name: missing } });
  if (key.length > max) throw badRequest('Requisição inválida (name): o nome é longo demais.', { fields: { name: 'O nome é longo demais.' } });
}
