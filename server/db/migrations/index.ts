import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m001 from './001_events.ts';
import * as m002 from './002_accounts.ts';
import * as m003 from './003_escalas.ts';
import * as m004 from './004_series.ts';
import * as m005 from './005_account_protection.ts';
import * as m006 from './006_idempotency.ts';
import * as m007 from './007_responses.ts';
import * as m008 from './008_notifications.ts';
import * as m009 from './009_network.ts';
import * as m010 from './010_allocation_source.ts';
import * as m011 from './011_drafts.ts';
import * as m012 from './012_message_ids.ts';
import * as m013 from './013_privacy.ts';
import * as m014 from './014_calendar_sequence.ts';
import * as m015 from './015_unsubscribe_key.ts';
import * as m016 from './016_cover_requests.ts';
import * as m017 from './017_open_places.ts';
import * as m018 from './018_invitations.ts';
import * as m019 from './019_join_requests.ts';
import * as m020 from './020_church_timezone.ts';
import * as m021 from './021_church_address.ts';
import * as m022 from './022_outbox_claim_order.ts';

/** Every migration, in order. Kept in code so the bundle-free server needs no folder scanning. */
const migrations: Record<string, Migration> = {
  '001_events': m001,
  '002_accounts': m002,
  '003_escalas': m003,
  '004_series': m004,
  '005_account_protection': m005,
  '006_idempotency': m006,
  '007_responses': m007,
  '008_notifications': m008,
  '009_network': m009,
  '010_allocation_source': m010,
  '011_drafts': m011,
  '012_message_ids': m012,
  '013_privacy': m013,
  '014_calendar_sequence': m014,
  '015_unsubscribe_key': m015,
  '016_cover_requests': m016,
  '017_open_places': m017,
  '018_invitations': m018,
  '019_join_requests': m019,
  '020_church_timezone': m020,
  '021_church_address': m021,
  '022_outbox_claim_order': m022,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
