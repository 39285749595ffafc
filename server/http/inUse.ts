import { HttpError } from './httpError.ts';

/** What keeps a record of the network's catalogue from being deleted: a count and what it counts (pt-BR). */
export type Use = [count: number, one: string, many: string];

/**
 * 409 `in_use` when anything still uses the record (docs/api.md, Gestão da rede): the message says what, so the
 * admin knows what to change first — "A igreja Sede tem 12 eventos e 3 pessoas em equipes."
 */
export function refuseWhileInUse(subject: string, uses: readonly Use[]): void {
  const parts = uses.filter(([count]) => count > 0).map(([count, one, many]) => `${count} ${count === 1 ? one : many}`);
  if (parts.length === 0) return;
  const list = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)!}`;
  throw new HttpError(409, 'in_use', `${subject} não pode ser excluído(a): ainda tem ${list}.`);
}
