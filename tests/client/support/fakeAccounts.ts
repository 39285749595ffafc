import type { Role, User } from '../../../shared/schemas/auth.ts';
import type { Allocation, Department, Member, MyEvent } from '../../../shared/schemas/escalas.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { dayKeyOf } from '../../../shared/dayKey.ts';
import { installFakeApi, jsonResponse, type FakeApi } from './fakeApi.ts';
import { TIME_ZONE } from './fixtures.ts';

export interface FakeUser extends User {
  password: string;
}

export const LEADER: FakeUser = { id: 1, name: 'Lídia Líder', email: 'lider@demo.koinonia', role: 'leader', password: 'demo12345' };
export const MEMBER: FakeUser = { id: 2, name: 'Marcos Membro', email: 'membro@demo.koinonia', role: 'member', password: 'demo12345' };
export const ANA: FakeUser = { id: 3, name: 'Ana Souza', email: 'ana@example.org', role: 'member', password: 'segredo-forte' };
export const ADMIN: FakeUser = { id: 4, name: 'Adriana Admin', email: 'admin@example.org', role: 'admin', password: 'segredo-forte' };

export const DEPARTMENTS: Department[] = [
  { id: 1, name: 'Louvor' },
  { id: 2, name: 'Mídia' },
  { id: 3, name: 'Recepção' },
];

export interface FakePortalOptions {
  events: Event[];
  /** Who the session cookie belongs to at start; nobody by default. */
  signedIn?: FakeUser | null;
  users?: FakeUser[];
  /** Allocations at start, as `[eventId, departmentId, userId]`. */
  allocations?: Array<[number, number, number]>;
}

export interface FakePortal {
  api: FakeApi;
  users: FakeUser[];
  allocations: Allocation[];
  current(): User | null;
  /** The non-GET requests so far, as `POST /api/... {body}`. */
  writes(): Array<{ method: string; path: string; body?: unknown }>;
  /** Sets the calendar feed's token (null: none yet). */
  calendarToken: { value: string | null };
}

function error(status: number, code: string, message: string, extra: Record<string, unknown> = {}): Response {
  return jsonResponse({ error: { code, message, ...extra } }, status);
}

const publicUser = ({ id, name, email, role }: FakeUser): User => ({ id, name, email, role });
const asMember = ({ id, name, email }: FakeUser): Member => ({ id, name, email });
const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();

const CONFLICT_MS = 3 * 60 * 60 * 1000;

/**
 * The accounts and escalas API over in-memory state, answering like the real one (messages included), on
 * top of installFakeApi's events. Tests drive the real store and router against it.
 */
export function installFakePortal(options: FakePortalOptions): FakePortal {
  const api = installFakeApi(options.events, TIME_ZONE);
  const events = options.events;
  // Copies: a password change must not outlive the test.
  const users: FakeUser[] = (options.users ?? [LEADER, MEMBER, ANA, ADMIN]).map((user) => ({ ...user }));
  let current: FakeUser | null = users.find((user) => user.id === options.signedIn?.id) ?? null;
  let nextAllocationId = 100;
  const calendarToken = { value: null as string | null };

  const allocationOf = (eventId: number, departmentId: number, memberId: number): Allocation => ({
    id: nextAllocationId++,
    event_id: eventId,
    department: DEPARTMENTS.find((department) => department.id === departmentId)!,
    member: asMember(users.find((user) => user.id === memberId)!),
    created_at: '2026-11-20T12:00:00.000Z',
  });
  const allocations: Allocation[] = (options.allocations ?? []).map(([eventId, departmentId, memberId]) =>
    allocationOf(eventId, departmentId, memberId),
  );
  const eventById = (id: number) => events.find((event) => event.id === id);

  const requireLeader = (): Response | undefined => {
    if (!current) return error(401, 'unauthenticated', 'Entre na sua conta para continuar.');
    if (current.role === 'member') return error(403, 'forbidden', 'Apenas líderes e administradores podem fazer isso.');
    return undefined;
  };

  api.route('GET', '/api/auth/me', () => jsonResponse({ user: current ? publicUser(current) : null }));
  api.route('POST', '/api/auth/login', ({ body }) => {
    const { email, password } = body as { email: string; password: string };
    const user = users.find((candidate) => candidate.email === email.toLowerCase());
    if (!user || user.password !== password) return error(401, 'invalid_credentials', 'Email ou senha inválidos.');
    current = user;
    return jsonResponse({ user: publicUser(user) });
  });
  api.route('POST', '/api/auth/register', ({ body }) => {
    const { name, email, password } = body as { name: string; email: string; password: string };
    if (users.some((user) => user.email === email.toLowerCase())) return error(409, 'email_taken', 'Este email já está cadastrado.');
    if (password === 'senha12345') return error(422, 'common_password', 'Essa senha é muito comum e fácil de adivinhar. Escolha outra.');
    const user: FakeUser = { id: users.length + 10, name, email: email.toLowerCase(), role: 'member' satisfies Role, password };
    users.push(user);
    current = user;
    return jsonResponse({ user: publicUser(user) }, 201);
  });
  api.route('POST', '/api/auth/logout', () => {
    if (!current) return error(401, 'unauthenticated', 'Entre na sua conta para continuar.');
    current = null;
    return jsonResponse(null, 204);
  });
  api.route('POST', '/api/auth/password', ({ body }) => {
    const change = body as { current: string; new: string };
    if (!current) return error(401, 'unauthenticated', 'Entre na sua conta para continuar.');
    if (change.current !== current.password) return error(401, 'invalid_credentials', 'A senha atual está incorreta.');
    current.password = change.new;
    return jsonResponse(null, 204);
  });

  api.route('GET', '/api/departments', () => (current ? jsonResponse(DEPARTMENTS) : error(401, 'unauthenticated', 'Entre na sua conta para continuar.')));
  api.route('GET', /^\/api\/members(\?|$)/, ({ url }) => {
    const refused = requireLeader();
    if (refused) return refused;
    const q = fold(url.searchParams.get('q') ?? '');
    return jsonResponse(users.filter((user) => fold(user.name).includes(q) || user.email.includes(q)).map(asMember));
  });
  api.route('GET', /^\/api\/allocations\?/, ({ url }) => {
    const refused = requireLeader();
    if (refused) return refused;
    const from = url.searchParams.get('from')!;
    const to = url.searchParams.get('to')!;
    return jsonResponse(
      allocations.filter((allocation) => {
        const day = dayKeyOf(eventById(allocation.event_id)!.datetime, TIME_ZONE);
        return day >= from && day <= to;
      }),
    );
  });
  api.route('POST', /^\/api\/events\/\d+\/allocations$/, ({ url, body }) => {
    const refused = requireLeader();
    if (refused) return refused;
    const event = eventById(Number(url.pathname.split('/')[3]));
    if (!event) return error(404, 'not_found', 'Evento não encontrado.');
    const input = body as { department: string | number; member: string | number; force?: boolean };
    const department = DEPARTMENTS.find((candidate) =>
      typeof input.department === 'number' ? candidate.id === input.department : fold(candidate.name) === fold(input.department),
    );
    if (!department) return error(422, 'unknown_department', 'Departamento não encontrado.');
    const member = users.find((user) => (typeof input.member === 'number' ? user.id === input.member : user.email === input.member));
    if (!member) return error(422, 'unknown_member', 'Nenhum membro cadastrado com esse email.');
    const mine = allocations.filter((allocation) => allocation.member.id === member.id);
    if (mine.some((allocation) => allocation.event_id === event.id)) {
      return error(409, 'already_allocated', 'Este membro já está escalado neste evento.');
    }
    if (!input.force) {
      const conflicts = mine
        .map((allocation) => ({ event: eventById(allocation.event_id)!, department: allocation.department }))
        .filter(({ event: other }) => Math.abs(Date.parse(other.datetime) - Date.parse(event.datetime)) < CONFLICT_MS);
      if (conflicts.length > 0) {
        return error(409, 'schedule_conflict', `${member.name} já serve em outro evento a menos de 3 horas deste.`, { conflicts });
      }
    }
    const allocation = allocationOf(event.id, department.id, member.id);
    allocations.push(allocation);
    return jsonResponse(allocation, 201);
  });
  api.route('DELETE', /^\/api\/allocations\/\d+$/, ({ url }) => {
    const refused = requireLeader();
    if (refused) return refused;
    const index = allocations.findIndex((allocation) => allocation.id === Number(url.pathname.split('/')[3]));
    if (index < 0) return error(404, 'not_found', 'Escala não encontrada.');
    allocations.splice(index, 1);
    return jsonResponse(null, 204);
  });
  api.route('GET', '/api/me/events', () => {
    if (!current) return error(401, 'unauthenticated', 'Entre na sua conta para continuar.');
    const me = current;
    const mine: MyEvent[] = allocations
      .filter((allocation) => allocation.member.id === me.id)
      .map((allocation) => ({ ...eventById(allocation.event_id)!, allocation_id: allocation.id, department: allocation.department }))
      .sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime));
    return jsonResponse(mine);
  });
  const feedUrl = () => (calendarToken.value ? `http://localhost/api/me/calendar.ics?token=${calendarToken.value}` : null);
  api.route('GET', '/api/me/calendar-token', () =>
    current ? jsonResponse({ url: feedUrl() }) : error(401, 'unauthenticated', 'Entre na sua conta para continuar.'),
  );
  let tokens = 0;
  api.route('POST', '/api/me/calendar-token', () => {
    if (!current) return error(401, 'unauthenticated', 'Entre na sua conta para continuar.');
    tokens += 1;
    calendarToken.value = `token-${tokens}`;
    return jsonResponse({ url: feedUrl() }, 201);
  });

  return {
    api,
    users,
    allocations,
    current: () => (current ? publicUser(current) : null),
    writes: () =>
      api.requests
        .filter((request) => request.method !== 'GET')
        .map(({ method, path, body }) => ({ method, path, ...(body === undefined ? {} : { body }) })),
    calendarToken,
  };
}
