import { z } from 'zod';
import { roleSchema, userSchema } from './auth.ts';
import { idSchema } from './common.ts';
import { departmentSchema, memberSchema, positionRefSchema } from './escalas.ts';
import { printableName } from './names.ts';
import { canonicalTimeZone } from '../timeZones.ts';

/**
 * The network's shape (docs/product.md §8): churches, positions of departments, teams (church + department) and their
 * members, and the admin's role change.
 */

/** PostgreSQL cannot store a NUL, and half a surrogate pair is no text: both refused as malformed input. */
const withoutNul = (value: string) => !value.includes('\u0000') && !/\p{Cs}/u.test(value);
const NUL_MESSAGE = { message: 'O texto contém um caractere inválido.' };

/** A name of 1–100 characters (trimmed, single-spaced), holding nothing a name may not (names.ts). */
const shortName = (field: string, missing: string) =>
  printableName(field)
    .transform((name) => name.normalize('NFC').trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, { message: missing })
        .max(100, { message: 'O nome pode ter no máximo 100 caracteres.' })
        .refine(withoutNul, NUL_MESSAGE),
    );

// ---------------------------------------------------------------------------------------------------------------
// Churches: GET /api/churches (everyone), POST (admin)
// ---------------------------------------------------------------------------------------------------------------

/** A church as other resources name it (`GET /api/me/teams`): without its zone. */
export const churchRefSchema = z.object({ id: z.number().int(), name: z.string(), city: z.string().nullable() });
export type ChurchRef = z.infer<typeof churchRefSchema>;

/**
 * A church as `GET /api/churches` and its POST/PATCH answer it: `timezone` is always a concrete IANA name, the
 * network's `APP_TIMEZONE` when none was chosen (docs/product.md §12).
 */
export const churchSchema = churchRefSchema.extend({
  timezone: z.string(),
  /** Where it is, as typed (its map link is shared/mapLink.ts's); null: not given. */
  address: z.string().nullable(),
  /** When it meets, free text ("Domingos 10h e 19h; quartas 20h"); null: not given. */
  service_times: z.string().nullable(),
});
export type Church = z.infer<typeof churchSchema>;

/** An IANA time zone the runtime knows, written canonically (`america/manaus` → `America/Manaus`). */
export const timeZoneSchema = z.string().transform((value, ctx) => {
  const zone = canonicalTimeZone(value);
  if (zone === undefined) {
    ctx.addIssue({ code: 'custom', message: 'Fuso horário desconhecido: use um nome IANA, como America/Manaus.' });
    return z.NEVER;
  }
  return zone;
});
/** Ordered by name (accents and case ignored). */
export const churchListSchema = z.array(churchSchema);

/** An optional line of up to `max` characters (trimmed, single-spaced); empty or blank: none (null). */
const optionalLine = (field: string, max: number, tooLong: string) =>
  printableName(field)
    .transform((text) => text.normalize('NFC').trim().replace(/\s+/g, ' '))
    .pipe(z.string().max(max, { message: tooLong }).refine(withoutNul, NUL_MESSAGE))
    .transform((text) => (text === '' ? null : text))
    .nullable()
    .optional();

export const createChurchRequestSchema = z.strictObject({
  name: shortName('O nome da igreja', 'Informe o nome da igreja.'),
  /** Empty or blank: no city. */
  city: printableName('A cidade')
    .transform((city) => city.normalize('NFC').trim().replace(/\s+/g, ' '))
    .pipe(z.string().max(100, { message: 'A cidade pode ter no máximo 100 caracteres.' }).refine(withoutNul, NUL_MESSAGE))
    .transform((city) => (city === '' ? null : city))
    .nullable()
    .optional(),
  /** Omitted: the network's zone (APP_TIMEZONE). */
  timezone: timeZoneSchema.optional(),
  /** Empty or blank: none. */
  address: optionalLine('O endereço', 200, 'O endereço pode ter no máximo 200 caracteres.'),
  /** Free text; empty or blank: none. */
  service_times: optionalLine('O texto dos horários de culto', 200, 'Os horários de culto podem ter no máximo 200 caracteres.'),
});
export type CreateChurchRequest = z.input<typeof createChurchRequestSchema>;

/**
 * `PATCH /api/churches/{id}` (admin): a new name, city, time zone, address or service times (an empty city, address
 * or service times: none), or several. A new zone keeps the instants of the church's events (their wall-clock times
 * read in the new zone).
 */
export const updateChurchRequestSchema = createChurchRequestSchema
  .partial()
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    message: 'Informe o nome, a cidade, o fuso horário, o endereço ou os horários de culto.',
  });
export type UpdateChurchRequest = z.input<typeof updateChurchRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Positions: GET /api/departments/{id}/positions (signed in), POST (admin)
// ---------------------------------------------------------------------------------------------------------------

/** A position with its department's id (the list of one department, or a new one). */
export const positionSchema = positionRefSchema.extend({ department_id: z.number().int() });
export type Position = z.infer<typeof positionSchema>;
/** Ordered by name (accents and case ignored). */
export const positionListSchema = z.array(positionSchema);

export const createPositionRequestSchema = z.strictObject({ name: shortName('O nome da função', 'Informe o nome da função.') });
export type CreatePositionRequest = z.input<typeof createPositionRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Teams: a church + a department, and its members
// ---------------------------------------------------------------------------------------------------------------

/** `PUT /api/teams/{churchId}/{departmentId}/members/{userId}` (admin): joins or updates; positions replace. */
export const putTeamMemberRequestSchema = z.strictObject({
  /** Positions of the team's department the member can fill (may be empty); duplicates are ignored. */
  positions: z.array(idSchema).max(50, { message: 'Informe no máximo 50 funções.' }),
  /** Omitted on an update: keeps the current value; on a join: false. */
  leader: z.boolean().optional(),
});
export type PutTeamMemberRequest = z.input<typeof putTeamMemberRequestSchema>;

/**
 * One member of a team, as `GET /api/teams/{churchId}/{departmentId}/members` (admin, and that team's leaders)
 * lists them (leaders first, then by name) and the PUT answers (200).
 */
export const teamMembershipSchema = z.object({
  church_id: z.number().int(),
  department_id: z.number().int(),
  member: memberSchema,
  leader: z.boolean(),
  /** By name. */
  positions: z.array(positionRefSchema),
  /** The member's own limit of services a month (docs/product.md §9), for the leaders to see; null: none. */
  max_services_per_month: z.number().int().nullable(),
});
export type TeamMembership = z.infer<typeof teamMembershipSchema>;
export const teamMembershipListSchema = z.array(teamMembershipSchema);

/**
 * `GET /api/me/teams` (signed in): the teams I belong to, so the client knows whether I lead a team (a team leader
 * may keep the role `member`). By church name, then department name.
 */
export const myTeamSchema = z.object({
  church: churchRefSchema,
  department: departmentSchema,
  leader: z.boolean(),
  positions: z.array(positionRefSchema),
});
export type MyTeam = z.infer<typeof myTeamSchema>;
export const myTeamListSchema = z.array(myTeamSchema);

// ---------------------------------------------------------------------------------------------------------------
// Roles: GET /api/users?q= and PATCH /api/users/{id} (admin)
// ---------------------------------------------------------------------------------------------------------------

/** `?q=`: part of a name or email; at most 20 answers, by name. */
export const userSearchQuerySchema = z.strictObject({ q: z.string().max(100).refine(withoutNul, NUL_MESSAGE).optional() });
export const userListSchema = z.array(userSchema);

export const changeRoleRequestSchema = z.strictObject({ role: roleSchema });
export type ChangeRoleRequest = z.input<typeof changeRoleRequestSchema>;
