import type { Kysely } from 'kysely';
import type { Preferences } from '../../shared/schemas/notifications.ts';
import type { DB } from '../db/schema.ts';

/** A member's preferences; with no row, the defaults: e-mail on, no phone, no monthly limit. */
export async function findPreferences(db: Kysely<DB>, userId: number): Promise<Preferences> {
  const row = await db
    .selectFrom('notification_preferences')
    .select(['email_opted_out_at', 'phone', 'max_services_per_month'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    email_notifications: (row?.email_opted_out_at ?? null) === null,
    phone: row?.phone ?? null,
    max_services_per_month: row?.max_services_per_month ?? null,
  };
}

/** Writes the changes given (an absent key keeps its value); returns the preferences as stored. */
export async function updatePreferences(
  db: Kysely<DB>,
  userId: number,
  changes: { email_notifications?: boolean | undefined; phone?: string | null | undefined; max_services_per_month?: number | null | undefined },
  now: Date,
): Promise<Preferences> {
  return db.transaction().execute(async (trx) => {
    const current = await findPreferences(trx, userId);
    const next: Preferences = {
      email_notifications: changes.email_notifications ?? current.email_notifications,
      phone: changes.phone === undefined ? current.phone : changes.phone,
      max_services_per_month: changes.max_services_per_month === undefined ? current.max_services_per_month : changes.max_services_per_month,
    };
    const previous = await trx.selectFrom('notification_preferences').select('email_opted_out_at').where('user_id', '=', userId).executeTakeFirst();
    // The moment of opting out is kept while it lasts.
    const optedOutAt = next.email_notifications ? null : (previous?.email_opted_out_at ?? now.toISOString());
    await trx
      .insertInto('notification_preferences')
      .values({ user_id: userId, email_opted_out_at: optedOutAt, phone: next.phone, max_services_per_month: next.max_services_per_month, updated_at: now.toISOString() })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ email_opted_out_at: optedOutAt, phone: next.phone, max_services_per_month: next.max_services_per_month, updated_at: now.toISOString() }),
      )
      .execute();
    return next;
  });
}

/** The member's preferences, phone included, are forgotten (their account is being removed, docs/product.md §11). */
export async function deletePreferences(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
}
