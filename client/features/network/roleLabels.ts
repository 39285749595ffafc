import type { Role } from '../../../shared/schemas/auth.ts';

/** A role as the admin screens say it. */
export const ROLE_LABELS: Record<Role, string> = {
  member: 'Membro',
  leader: 'Líder (toda a rede)',
  admin: 'Administrador',
};

/** The roles in the order the select offers them (zod's ROLES would bring zod into the page). */
export const ROLE_ORDER = Object.keys(ROLE_LABELS) as Role[];
