import { gapMatrixPath } from '../../shared/gapMatrixLink.ts';
import { PASSWORD_RESET_PARAM } from '../../shared/passwordResetLink.ts';
import { RESPONSE_LINK_PARAM } from '../../shared/responseLink.ts';
import type { Config } from '../platform/config.ts';

/** The absolute base of links in messages: PUBLIC_URL, else the web host on this machine. */
export function publicBase(config: Config): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/** Where an e-mailed answer link lands: the events page asks before it answers (mail scanners follow links). */
export function answerLink(config: Config, token: string): string {
  return `${publicBase(config)}/events?${RESPONSE_LINK_PARAM}=${encodeURIComponent(token)}`;
}

/** Where the member sees and answers their escala once signed in. */
export function eventsLink(config: Config): string {
  return `${publicBase(config)}/events`;
}

/** Lacunas filtered to one team (the church of the event, the department): where a leader fills a declined place. */
export function gapMatrixLink(config: Config, team: { churchId: number | null; departmentId: number }): string {
  return `${publicBase(config)}${gapMatrixPath(team)}`;
}

/** Where an e-mailed password reset link lands: the login page asks for the new password. */
export function passwordResetLink(config: Config, token: string): string {
  return `${publicBase(config)}/login?${PASSWORD_RESET_PARAM}=${encodeURIComponent(token)}`;
}

/** Where members change what reaches them. */
export function preferencesLink(config: Config): string {
  return `${publicBase(config)}/login`;
}
