import { z } from 'zod';

/** An invitation token as the server makes them (docs/product.md §13): 32 random bytes, base64url (43 characters). */
export const inviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'Convite inválido.' });
