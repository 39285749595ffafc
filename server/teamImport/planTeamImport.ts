import { emailSchema, nameSchema } from '../../shared/schemas/auth.ts';
import type { TeamImportAction, TeamImportResult, TeamImportRow, TeamImportRowError } from '../../shared/schemas/teamImport.ts';
import type { Decision } from '../policy/decision.ts';
import { cachedNameKey } from './cachedNameKey.ts';
import type { CsvRow } from './parseTeamCsv.ts';

interface Named {
  id: number;
  name: string;
}

/** What the rows are checked against, read before the plan (teamImportFacts.ts). */
export interface ImportFacts {
  /** By name key (shared/nameKey.ts). */
  churches: ReadonlyMap<string, Named>;
  departments: ReadonlyMap<string, Named>;
  /** Per department id, its positions by name key. */
  positions: ReadonlyMap<number, ReadonlyMap<string, Named>>;
  /** Accounts in use by e-mail (lower-case). */
  users: ReadonlyMap<string, { id: number }>;
  /** The positions of each membership of those accounts, by `membershipKey`. */
  memberships: ReadonlyMap<string, ReadonlySet<number>>;
  /** Pending e-mail invitations, by `invitationKey`. */
  pendingInvitations: ReadonlySet<string>;
}

export const membershipKey = (churchId: number, departmentId: number, userId: number) => `${churchId}/${departmentId}/${userId}`;
export const invitationKey = (churchId: number, departmentId: number, email: string) => `${churchId}/${departmentId}/${email}`;

/** A person to invite by e-mail to a team with positions. */
export interface PlannedInvite {
  line: number;
  churchId: number;
  departmentId: number;
  positionIds: number[];
  name: string;
  email: string;
}

export interface ImportPlan {
  result: TeamImportResult;
  /** The accounts to add, each with the line of its row. */
  adds: Array<{ line: number; churchId: number; departmentId: number; userId: number; positionIds: number[] }>;
  invites: PlannedInvite[];
}

/**
 * What an import does with each row (docs/product.md §13), decided on facts read before, without writing: a row
 * with errors is reported and skipped; an account (by e-mail) is added to the team with the positions — nothing
 * when it has them all; an address without one is invited — nothing when an invitation to the team is pending.
 * Positions are never created: a name the department does not have is an error (they are the network's catalogue,
 * kept in Gestão da rede). The same e-mail twice for one team is an error on the later line. `mayImport` is the
 * policy's decision for a team (server/policy/mayImportInto.ts).
 */
export function planTeamImport(rows: readonly CsvRow[], facts: ImportFacts, mayImport: (church: Named, department: Named) => Decision): ImportPlan {
  const keyOf = cachedNameKey();
  const firstLine = new Map<string, number>();
  const adds: ImportPlan['adds'] = [];
  const invites: PlannedInvite[] = [];
  const summary = { invite: 0, add: 0, none: 0, errors: 0 };
  const reported: TeamImportRow[] = [];

  for (const row of rows) {
    const errors: TeamImportRowError[] = [];
    const problem = (code: TeamImportRowError['code'], message: string) => errors.push({ code, message });

    const name = nameSchema.safeParse(row.name);
    if (row.name === '') problem('missing_name', 'Informe o nome.');
    else if (!name.success) problem('invalid_name', `Nome inválido: ${name.error.issues[0]!.message}`);

    const parsedEmail = emailSchema.safeParse(row.email);
    const email = parsedEmail.success ? parsedEmail.data : row.email.trim().toLowerCase();
    if (row.email === '') problem('missing_email', 'Informe o e-mail.');
    else if (!parsedEmail.success) problem('invalid_email', `E-mail inválido: «${row.email}».`);

    const church = facts.churches.get(keyOf(row.church));
    if (row.church === '') problem('missing_church', 'Informe a igreja.');
    else if (!church) problem('unknown_church', `Igreja «${row.church}» não encontrada.`);

    const department = facts.departments.get(keyOf(row.department));
    if (row.department === '') problem('missing_department', 'Informe o departamento.');
    else if (!department) problem('unknown_department', `Departamento «${row.department}» não encontrado.`);

    const positionIds: number[] = [];
    if (department) {
      const known = facts.positions.get(department.id);
      for (const positionName of row.positions) {
        const position = known?.get(keyOf(positionName));
        if (position) positionIds.push(position.id);
        else problem('unknown_position', `Função «${positionName}» não existe em ${department.name}; cadastre-a em Gestão da rede ou corrija o nome.`);
      }
    }

    if (church && department) {
      const decision = mayImport(church, department);
      if (!decision.allowed) problem('forbidden', decision.reason);
    }

    if (parsedEmail.success && row.church !== '' && row.department !== '') {
      const team = `${keyOf(row.church)}\n${keyOf(row.department)}\n${email}`;
      const first = firstLine.get(team);
      if (first === undefined) firstLine.set(team, row.line);
      else problem('duplicate_email', `O e-mail ${email} já aparece na linha ${first} para a mesma equipe.`);
    }

    let action: TeamImportAction = 'none';
    if (errors.length === 0 && church && department) {
      const user = facts.users.get(email);
      if (user) {
        const has = facts.memberships.get(membershipKey(church.id, department.id, user.id));
        if (!has || positionIds.some((id) => !has.has(id))) {
          action = 'add';
          adds.push({ line: row.line, churchId: church.id, departmentId: department.id, userId: user.id, positionIds });
        }
      } else if (!facts.pendingInvitations.has(invitationKey(church.id, department.id, email))) {
        action = 'invite';
        invites.push({ line: row.line, churchId: church.id, departmentId: department.id, positionIds, name: name.data!, email });
      }
    }
    if (errors.length > 0) summary.errors += 1;
    else summary[action] += 1;
    reported.push({ line: row.line, email, action, errors });
  }
  return { result: { rows: reported, summary }, adds, invites };
}
