import type { Role } from '../../../shared/schemas/auth.ts';

/** A role as the admin screens say it. */
export const ROLE_LABELS: Record<Role, string> = {
  member: 'Membro',
  leader: 'Líder (toda a rede)',
  admin: 'Administrador',
};
