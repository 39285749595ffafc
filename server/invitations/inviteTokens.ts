import { createHash, randomBytes } from 'node:crypto';

/** A new token (32 random bytes, base64url: 43 characters, as shared/schemas/inviteToken.ts checks) and its stored hash. */
export function newInviteToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInviteToken(token) };
}

/** Only this is stored (migration 018). */
export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
