import type { Kysely, Transaction } from 'kysely';
import type { User } from '../../shared/schemas/auth.ts';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * What one person may read of other people's personal data (docs/product.md §11, LGPD minimisation). Decisions
 * only: the routers and services that answer with people apply them, whatever the HTTP call.
 */
export interface PersonalDataView {
  /** E-mail and phone: the person, the leaders of a team the person belongs to, admins and network leaders. */
  contactOf(userId: number): boolean;
  /**
   * Decline reasons, blockout notes and cover notes about a service at an event of `churchId` in `departmentId`:
   * the person, the leaders of that team (the event's church and the department), admins and network leaders.
   */
  notesAt(userId: number, churchId: number | null, departmentId: number): boolean;
  /**
   * Where the person serves at an event of `churchId` (a clash in the member picker): whoever sees their contact,
   * and the leaders of any team of that church, who see its escalas anyway. Anyone else's other churches stay private.
   */
  scheduleAt(userId: number, churchId: number | null): boolean;
}

interface LedTeam {
  churchId: number;
  departmentId: number;
}

/** The view of someone who sees everything: admins, and accounts of role `leader` (a leader of every team). */
const everything: PersonalDataView = { contactOf: () => true, notesAt: () => true, scheduleAt: () => true };

export function viewOf(viewerId: number, ledTeams: readonly LedTeam[], teamMemberIds: ReadonlySet<number>): PersonalDataView {
  const churches = new Set(ledTeams.map((team) => team.churchId));
  const contactOf = (userId: number) => userId === viewerId || teamMemberIds.has(userId);
  return {
    contactOf,
    notesAt: (userId, churchId, departmentId) =>
      userId === viewerId || (churchId !== null && ledTeams.some((team) => team.churchId === churchId && team.departmentId === departmentId)),
    scheduleAt: (userId, churchId) => contactOf(userId) || (churchId !== null && churches.has(churchId)),
  };
}

/** The viewer's view: the teams they lead and the people on them, read in one query. */
export async function personalDataViewOf(db: Db, viewer: Pick<User, 'id' | 'role'>): Promise<PersonalDataView> {
  if (viewer.role === 'admin' || viewer.role === 'leader') return everything;
  const rows = await db
    .selectFrom('team_members as led')
    .innerJoin('team_members as member', (join) =>
      join.onRef('member.church_id', '=', 'led.church_id').onRef('member.department_id', '=', 'led.department_id'),
    )
    .select(['led.church_id', 'led.department_id', 'member.user_id'])
    .where('led.user_id', '=', viewer.id)
    .where('led.leader', '=', 1)
    .execute();
  const ledTeams = new Map<string, LedTeam>();
  for (const row of rows) ledTeams.set(`${row.church_id}:${row.department_id}`, { churchId: row.church_id, departmentId: row.department_id });
  return viewOf(viewer.id, [...ledTeams.values()], new Set(rows.map((row) => row.user_id)));
}

/**
 * The days a person blocked, as a viewer may see them: whole ranges for whoever sees their contact; for anyone
 * else only that the event's day is blocked, never how long they are away (nor, for anyone, the note).
 */
export function blockedRangesSeenBy<Range extends { from: string; to: string }>(
  view: PersonalDataView,
  userId: number,
  ranges: readonly Range[],
  day: string,
): Array<{ from: string; to: string }> {
  if (view.contactOf(userId)) return [...ranges];
  return ranges.length > 0 ? [{ from: day, to: day }] : [];
}
