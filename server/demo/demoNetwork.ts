import type { Kysely, Transaction } from 'kysely';
import { addDays, dayjs, dayKeyOf, weekdayOf } from '../../shared/dayKey.ts';
import { nameKey } from '../../shared/nameKey.ts';
import type { AllocationStatus, DB } from '../db/schema.ts';
import { departmentKey } from '../escalas/departmentKey.ts';

/**
 * The network of the demo (docs/product.md §8, §12): four churches (one in Manaus, at its own clock), the positions of
 * four departments, teams, needs, gaps.
 */
export const DEMO_CHURCHES = [
  { name: 'Sede', city: 'São Paulo', address: 'Rua da Consolação, 1200 - Consolação, São Paulo - SP', service_times: 'Domingos 10h e 19h; quartas 20h', timezone: null },
  { name: 'Zona Norte', city: 'São Paulo', address: 'Av. Engenheiro Caetano Álvares, 3000 - Santana, São Paulo - SP', service_times: 'Domingos 18h', timezone: null },
  { name: 'Campinas', city: 'Campinas', address: null, service_times: 'Domingos 19h', timezone: null },
  // A church in another zone (docs/product.md §12): its services are at Manaus's clock.
  { name: 'Manaus', city: 'Manaus', address: null, service_times: 'Quintas 19h (horário de Manaus)', timezone: 'America/Manaus' },
] as const;
type ChurchName = (typeof DEMO_CHURCHES)[number]['name'];

/** Positions of the departments the first migration creates (Intercessão and Diaconia keep none). */
export const DEMO_POSITIONS = {
  Louvor: ['Vocal', 'Violão', 'Bateria', 'Teclado'],
  Infantil: ['Professor', 'Auxiliar'],
  Mídia: ['Projeção', 'Som', 'Transmissão'],
  Recepção: ['Acolhimento', 'Estacionamento'],
} as const;
type DepartmentName = keyof typeof DEMO_POSITIONS;
type Team = { church: ChurchName; department: DepartmentName; positions: string[]; leader?: boolean };

/** The team leader's account (role `member`, leader of Sede/Louvor): it signs in like the other demo accounts. */
export const DEMO_TEAM_LEADER_EMAIL = 'equipe@demo.koinonia';

/** The teams of the demo accounts (by email). */
const ACCOUNT_TEAMS: Record<string, Team[]> = {
  'membro@demo.koinonia': [
    { church: 'Sede', department: 'Louvor', positions: ['Vocal'] },
    { church: 'Sede', department: 'Recepção', positions: ['Acolhimento'] },
  ],
  [DEMO_TEAM_LEADER_EMAIL]: [{ church: 'Sede', department: 'Louvor', positions: ['Vocal', 'Violão'], leader: true }],
};

/**
 * The people who serve in the teams. They have no password anyone knows (they exist to be allocated; the e-mail
 * of a real install would let them set one with "Esqueceu sua senha?").
 */
export const DEMO_PEOPLE: Array<{ name: string; email: string; teams: Team[] }> = [
  { name: 'Ana Souza', email: 'ana.souza@demo.koinonia', teams: [{ church: 'Sede', department: 'Louvor', positions: ['Vocal', 'Teclado'] }] },
  { name: 'Bruno Lima', email: 'bruno.lima@demo.koinonia', teams: [{ church: 'Sede', department: 'Louvor', positions: ['Violão'] }] },
  { name: 'Carla Dias', email: 'carla.dias@demo.koinonia', teams: [{ church: 'Sede', department: 'Louvor', positions: ['Bateria'] }] },
  { name: 'Davi Rocha', email: 'davi.rocha@demo.koinonia', teams: [{ church: 'Sede', department: 'Louvor', positions: ['Teclado', 'Vocal'] }] },
  { name: 'Eduardo Alves', email: 'eduardo.alves@demo.koinonia', teams: [{ church: 'Sede', department: 'Mídia', positions: ['Projeção', 'Som'] }] },
  { name: 'Fernanda Reis', email: 'fernanda.reis@demo.koinonia', teams: [{ church: 'Sede', department: 'Mídia', positions: ['Transmissão'] }] },
  { name: 'Gabriel Nunes', email: 'gabriel.nunes@demo.koinonia', teams: [{ church: 'Sede', department: 'Mídia', positions: ['Som'] }] },
  { name: 'Helena Costa', email: 'helena.costa@demo.koinonia', teams: [{ church: 'Sede', department: 'Recepção', positions: ['Acolhimento'] }] },
  { name: 'Igor Martins', email: 'igor.martins@demo.koinonia', teams: [{ church: 'Sede', department: 'Recepção', positions: ['Estacionamento', 'Acolhimento'] }] },
  { name: 'Júlia Ramos', email: 'julia.ramos@demo.koinonia', teams: [{ church: 'Sede', department: 'Infantil', positions: ['Professor'] }] },
  { name: 'Karen Lopes', email: 'karen.lopes@demo.koinonia', teams: [{ church: 'Sede', department: 'Infantil', positions: ['Auxiliar'] }] },
  {
    name: 'Larissa Melo',
    email: 'larissa.melo@demo.koinonia',
    teams: [{ church: 'Zona Norte', department: 'Infantil', positions: ['Professor', 'Auxiliar'], leader: true }],
  },
  { name: 'Mateus Pires', email: 'mateus.pires@demo.koinonia', teams: [{ church: 'Zona Norte', department: 'Infantil', positions: ['Auxiliar'] }] },
  { name: 'Natália Gomes', email: 'natalia.gomes@demo.koinonia', teams: [{ church: 'Zona Norte', department: 'Recepção', positions: ['Acolhimento'] }] },
  { name: 'Otávio Freitas', email: 'otavio.freitas@demo.koinonia', teams: [{ church: 'Zona Norte', department: 'Louvor', positions: ['Violão', 'Vocal'] }] },
  { name: 'Paula Teixeira', email: 'paula.teixeira@demo.koinonia', teams: [{ church: 'Campinas', department: 'Louvor', positions: ['Vocal'] }] },
  { name: 'Rafael Barros', email: 'rafael.barros@demo.koinonia', teams: [{ church: 'Campinas', department: 'Louvor', positions: ['Bateria'] }] },
  { name: 'Sérgio Cardoso', email: 'sergio.cardoso@demo.koinonia', teams: [{ church: 'Campinas', department: 'Mídia', positions: ['Som'] }] },
];

/** A password hash no password matches (the verifier refuses it): these people cannot sign in until they reset it. */
const NO_PASSWORD = '!demo-sem-senha';

/** The church of each type of the demo week; the other events (conference, leaders' meeting…) are the network's. */
const CHURCH_OF_TYPE: Record<string, ChurchName> = { Culto: 'Sede', Ensaio: 'Sede', 'Escola Bíblica': 'Zona Norte', Célula: 'Campinas' };

type NeedList = Array<[DepartmentName, string, number]>;
/** What each type of service needs, per department and position. */
const NEEDS_OF_TYPE: Record<string, NeedList> = {
  Culto: [
    ['Louvor', 'Vocal', 2],
    ['Louvor', 'Violão', 1],
    ['Louvor', 'Bateria', 1],
    ['Louvor', 'Teclado', 1],
    ['Mídia', 'Projeção', 1],
    ['Mídia', 'Som', 1],
    ['Mídia', 'Transmissão', 1],
    ['Recepção', 'Acolhimento', 2],
    ['Recepção', 'Estacionamento', 1],
    ['Infantil', 'Professor', 1],
    ['Infantil', 'Auxiliar', 1],
  ],
  'Escola Bíblica': [
    ['Infantil', 'Professor', 2],
    ['Infantil', 'Auxiliar', 1],
    ['Recepção', 'Acolhimento', 1],
  ],
  Célula: [
    ['Louvor', 'Vocal', 1],
    ['Louvor', 'Violão', 1],
  ],
  Ensaio: [
    ['Louvor', 'Vocal', 2],
    ['Louvor', 'Violão', 1],
    ['Louvor', 'Bateria', 1],
    ['Louvor', 'Teclado', 1],
  ],
};

type Answer = [email: string, department: DepartmentName, position: string, status: AllocationStatus, reason?: string];
/**
 * Who serves at the next services (by type, the first upcoming one first): the first Sunday is nearly complete,
 * the second half, the third barely started, later ones empty. Marcos's two places come from the older seed step.
 */
const ROTA: Record<string, Answer[][]> = {
  Culto: [
    [
      [DEMO_TEAM_LEADER_EMAIL, 'Louvor', 'Vocal', 'confirmed'],
      ['bruno.lima@demo.koinonia', 'Louvor', 'Violão', 'confirmed'],
      ['carla.dias@demo.koinonia', 'Louvor', 'Bateria', 'declined', 'Vou estar viajando nesse fim de semana.'],
      ['davi.rocha@demo.koinonia', 'Louvor', 'Teclado', 'pending'],
      ['eduardo.alves@demo.koinonia', 'Mídia', 'Projeção', 'confirmed'],
      ['gabriel.nunes@demo.koinonia', 'Mídia', 'Som', 'confirmed'],
      ['fernanda.reis@demo.koinonia', 'Mídia', 'Transmissão', 'pending'],
      ['helena.costa@demo.koinonia', 'Recepção', 'Acolhimento', 'confirmed'],
      ['igor.martins@demo.koinonia', 'Recepção', 'Estacionamento', 'confirmed'],
      ['julia.ramos@demo.koinonia', 'Infantil', 'Professor', 'confirmed'],
      ['karen.lopes@demo.koinonia', 'Infantil', 'Auxiliar', 'pending'],
    ],
    [
      ['ana.souza@demo.koinonia', 'Louvor', 'Vocal', 'confirmed'],
      ['bruno.lima@demo.koinonia', 'Louvor', 'Violão', 'pending'],
      ['eduardo.alves@demo.koinonia', 'Mídia', 'Projeção', 'pending'],
      ['gabriel.nunes@demo.koinonia', 'Mídia', 'Som', 'confirmed'],
      ['helena.costa@demo.koinonia', 'Recepção', 'Acolhimento', 'declined', 'Estarei com a família no interior.'],
    ],
    [
      ['ana.souza@demo.koinonia', 'Louvor', 'Vocal', 'pending'],
      ['gabriel.nunes@demo.koinonia', 'Mídia', 'Som', 'pending'],
    ],
  ],
  'Escola Bíblica': [
    [
      ['larissa.melo@demo.koinonia', 'Infantil', 'Professor', 'confirmed'],
      ['mateus.pires@demo.koinonia', 'Infantil', 'Auxiliar', 'pending'],
      ['natalia.gomes@demo.koinonia', 'Recepção', 'Acolhimento', 'confirmed'],
    ],
  ],
  Célula: [[['paula.teixeira@demo.koinonia', 'Louvor', 'Vocal', 'confirmed']]],
};

/** The position Marcos's places from the older seed step fill (by department). */
const MEMBER_POSITIONS: Partial<Record<DepartmentName, string>> = { Louvor: 'Vocal', Recepção: 'Acolhimento' };

export interface DemoNetworkResult {
  /** Rows this call created, for `removeDemo`. */
  churchIds: number[];
  positionIds: number[];
  peopleIds: number[];
  allocations: number;
  /** Events this call created (the Manaus service). */
  events: number;
}

type Db = Kysely<DB> | Transaction<DB>;

async function churchIds(trx: Db, now: string): Promise<{ ids: Map<ChurchName, number>; created: number[] }> {
  const created: number[] = [];
  for (const church of DEMO_CHURCHES) {
    const row = await trx
      .insertInto('churches')
      .values({ ...church, name_key: nameKey(church.name), created_at: now })
      .onConflict((oc) => oc.column('name_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) created.push(row.id);
  }
  const rows = await trx.selectFrom('churches').select(['id', 'name_key']).where('name_key', 'in', DEMO_CHURCHES.map((church) => nameKey(church.name))).execute();
  const byKey = new Map(rows.map((row) => [row.name_key, row.id]));
  return { ids: new Map(DEMO_CHURCHES.map((church) => [church.name, byKey.get(nameKey(church.name))!])), created };
}

/**
 * The Manaus church's service (docs/product.md §12): a Culto at 19:00 Manaus time (23:00Z) on the first Thursday after
 * today — a day without other demo events, so it stands out on the calendar.
 */
async function addManausService(trx: Db, churchId: number, now: Date): Promise<number | undefined> {
  const zone = 'America/Manaus';
  const culto = await trx.selectFrom('event_types').select('id').where('name', '=', 'Culto').executeTakeFirst();
  let day = addDays(dayKeyOf(now, zone), 1);
  while (weekdayOf(day) !== 4) day = addDays(day, 1);
  const row = await trx
    .insertInto('events')
    .values({ datetime: dayjs.tz(`${day} 19:00`, zone).toISOString(), event_type_id: culto?.id ?? null, church_id: churchId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The departments of DEMO_POSITIONS (the migrations create them; one renamed or removed is skipped) and their positions. */
async function positionIds(trx: Db): Promise<{ departments: Map<DepartmentName, number>; positions: Map<string, number>; created: number[] }> {
  const names = Object.keys(DEMO_POSITIONS) as DepartmentName[];
  const rows = await trx.selectFrom('departments').select(['id', 'name_key']).where('name_key', 'in', names.map(departmentKey)).execute();
  const departments = new Map<DepartmentName, number>();
  for (const name of names) {
    const row = rows.find((candidate) => candidate.name_key === departmentKey(name));
    if (row) departments.set(name, row.id);
  }
  const created: number[] = [];
  const positions = new Map<string, number>();
  for (const [department, departmentId] of departments) {
    for (const name of DEMO_POSITIONS[department]) {
      const row = await trx
        .insertInto('positions')
        .values({ department_id: departmentId, name, name_key: nameKey(name) })
        .onConflict((oc) => oc.columns(['department_id', 'name_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) created.push(row.id);
      const stored = await trx.selectFrom('positions').select('id').where('department_id', '=', departmentId).where('name_key', '=', nameKey(name)).executeTakeFirstOrThrow();
      positions.set(`${department}:${name}`, stored.id);
    }
  }
  return { departments, positions, created };
}

/**
 * The network part of the demo, on the events `seedDemoEvents` just wrote: churches, positions, the teams (the
 * demo accounts and the people above; the team leader's account must exist already), the services' churches and
 * needs, and the next services' escalas with their answers. Idempotent for churches, positions, people and teams.
 */
export async function seedDemoNetwork(db: Kysely<DB>, options: { eventIds: number[]; now: Date; allocatedBy: number | null }): Promise<DemoNetworkResult> {
  const now = options.now.toISOString();
  return db.transaction().execute(async (trx) => {
    const churches = await churchIds(trx, now);
    const { departments, positions, created: createdPositions } = await positionIds(trx);

    const peopleIds: number[] = [];
    for (const person of DEMO_PEOPLE) {
      const row = await trx
        .insertInto('users')
        .values({ name: person.name, email: person.email, password_hash: NO_PASSWORD, role: 'member', created_at: now })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) peopleIds.push(row.id);
    }
    const teamsByEmail = new Map<string, Team[]>([...Object.entries(ACCOUNT_TEAMS), ...DEMO_PEOPLE.map((person) => [person.email, person.teams] as const)]);
    const users = await trx.selectFrom('users').select(['id', 'email']).where('email', 'in', [...teamsByEmail.keys()]).execute();
    const userId = new Map(users.map((user) => [user.email, user.id]));
    for (const [email, teams] of teamsByEmail) {
      const user = userId.get(email);
      if (user === undefined) continue;
      for (const team of teams) {
        const church = churches.ids.get(team.church)!;
        const department = departments.get(team.department);
        if (department === undefined) continue;
        await trx
          .insertInto('team_members')
          .values({ church_id: church, department_id: department, user_id: user, leader: team.leader ? 1 : 0, created_at: now })
          .onConflict((oc) => oc.columns(['church_id', 'department_id', 'user_id']).doNothing())
          .execute();
        const rows = team.positions.flatMap((name) => {
          const position = positions.get(`${team.department}:${name}`);
          return position === undefined ? [] : [{ church_id: church, department_id: department, user_id: user, position_id: position }];
        });
        if (rows.length > 0) await trx.insertInto('team_member_positions').values(rows).onConflict((oc) => oc.doNothing()).execute();
      }
    }

    // The services: their church, their needs, and the escalas of the next ones.
    const events = options.eventIds.length
      ? await trx
          .selectFrom('events')
          .innerJoin('event_types', 'event_types.id', 'events.event_type_id')
          .select(['events.id', 'events.datetime', 'event_types.name as type'])
          .where('events.id', 'in', options.eventIds)
          .orderBy('events.datetime')
          .orderBy('events.id')
          .execute()
      : [];
    const needs: Array<{ event_id: number; department_id: number; position_id: number; count: number }> = [];
    const upcoming = new Map<string, number[]>();
    for (const event of events) {
      const church = CHURCH_OF_TYPE[event.type];
      if (!church) continue;
      await trx.updateTable('events').set({ church_id: churches.ids.get(church)! }).where('id', '=', event.id).execute();
      for (const [department, position, count] of NEEDS_OF_TYPE[event.type] ?? []) {
        const departmentId = departments.get(department);
        const positionId = positions.get(`${department}:${position}`);
        if (departmentId !== undefined && positionId !== undefined) needs.push({ event_id: event.id, department_id: departmentId, position_id: positionId, count });
      }
      if (event.datetime > now) upcoming.set(event.type, [...(upcoming.get(event.type) ?? []), event.id]);
    }
    if (needs.length > 0) await trx.insertInto('event_needs').values(needs).execute();
    const manausService = options.eventIds.length > 0 ? await addManausService(trx, churches.ids.get('Manaus')!, options.now) : undefined;

    // Marcos (the older seed step) fills a position too.
    const member = userId.get('membro@demo.koinonia');
    if (member !== undefined) {
      for (const [department, position] of Object.entries(MEMBER_POSITIONS) as Array<[DepartmentName, string]>) {
        const departmentId = departments.get(department);
        const positionId = positions.get(`${department}:${position}`);
        if (departmentId === undefined || positionId === undefined || options.eventIds.length === 0) continue;
        await trx
          .updateTable('allocations')
          .set({ position_id: positionId })
          .where('member_id', '=', member)
          .where('department_id', '=', departmentId)
          .where('event_id', 'in', options.eventIds)
          .execute();
      }
    }

    const allocations = Object.entries(ROTA).flatMap(([type, services]) =>
      services.flatMap((answers, index) => {
        const eventId = upcoming.get(type)?.[index];
        if (eventId === undefined) return [];
        return answers.flatMap(([email, department, position, status, reason]) => {
          const memberId = userId.get(email);
          const departmentId = departments.get(department);
          if (memberId === undefined || departmentId === undefined) return [];
          return [
            {
              event_id: eventId,
              department_id: departmentId,
              member_id: memberId,
              position_id: positions.get(`${department}:${position}`) ?? null,
              allocated_by: options.allocatedBy,
              created_at: now,
              status,
              responded_at: status === 'pending' ? null : now,
              reason: reason ?? null,
            },
          ];
        });
      }),
    );
    const inserted = allocations.length > 0 ? await trx.insertInto('allocations').values(allocations).onConflict((oc) => oc.doNothing()).returning('id').execute() : [];

    const records = [
      ...(manausService === undefined ? [] : [{ table_name: 'events' as const, record_id: manausService }]),
      ...churches.created.map((id) => ({ table_name: 'churches' as const, record_id: id })),
      ...createdPositions.map((id) => ({ table_name: 'positions' as const, record_id: id })),
      ...peopleIds.map((id) => ({ table_name: 'users' as const, record_id: id })),
    ];
    if (records.length > 0) await trx.insertInto('demo_records').values(records).onConflict((oc) => oc.doNothing()).execute();
    return { churchIds: churches.created, positionIds: createdPositions, peopleIds, allocations: inserted.length, events: manausService === undefined ? 0 : 1 };
  });
}
