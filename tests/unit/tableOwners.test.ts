import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server');

/**
 * Each table is written by one owner (server/README.md): a resource, or the kit that is its home (the outbox, the
 * idempotency keys of the API app). Others go through its public.ts. Migrations create every table and the demo
 * data seeds them, so both are left out.
 */
const OWNERS: Record<string, string> = {
  allocations: 'escalas',
  audit_log: 'audit',
  blockouts: 'availability',
  calendar_tokens: 'calendarFeeds',
  churches: 'churches',
  cover_requests: 'coverRequests',
  departments: 'escalas',
  draft_places: 'drafts',
  drafts: 'drafts',
  event_needs: 'needs',
  event_types: 'eventTypes',
  events: 'events',
  idempotency_keys: 'api',
  invitation_positions: 'invitations',
  invitations: 'invitations',
  invite_link_joins: 'invitations',
  invite_link_positions: 'invitations',
  invite_links: 'invitations',
  job_runs: 'jobs',
  join_request_positions: 'joinRequests',
  join_requests: 'joinRequests',
  login_failures: 'accounts',
  notification_preferences: 'notifications',
  nudges: 'openPlaces',
  outbox: 'outbox',
  outbox_allocations: 'outbox',
  password_reset_requests: 'passwordReset',
  password_resets: 'passwordReset',
  positions: 'escalas',
  recognised_devices: 'accounts',
  registration_attempts: 'accounts',
  series: 'events',
  sessions: 'accounts',
  sos_broadcasts: 'openPlaces',
  team_member_positions: 'teams',
  team_members: 'teams',
  team_settings: 'teams',
  users: 'accounts',
};

const WRITE = /\b(?:insertInto|updateTable|deleteFrom)\(\s*['"`]([a-z_]+)/g;
const RAW_WRITE = /\b(?:update|insert\s+into|delete\s+from)\s+"?([a-z_]+)"?/gi;

function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' || entry.name === 'demo' ? [] : serverFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every (table, folder, file) a write names, from the query builder and from raw SQL in sql`` templates. */
function writes(): Array<{ table: string; folder: string; file: string }> {
  return serverFiles(SERVER).flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const folder = path.relative(SERVER, file).split(path.sep)[0]!;
    const raw = [...text.matchAll(/sql`([^`]*)`/g)].flatMap((template) => [...template[1]!.matchAll(RAW_WRITE)].map((match) => match[1]!));
    return [...[...text.matchAll(WRITE)].map((match) => match[1]!), ...raw]
      .filter((table) => table in OWNERS || /^[a-z]+(_[a-z]+)*s$/.test(table))
      .map((table) => ({ table, folder, file: path.relative(SERVER, file) }));
  });
}

describe('one owner per table', () => {
  it('every write to a table is in its owner’s folder', () => {
    const strays = writes().filter((write) => OWNERS[write.table] !== write.folder);
    expect(strays).toEqual([]);
  });

  it('the check sees the writes it is about (each owner writes its tables)', () => {
    const written = new Set(writes().map((write) => write.table));
    expect([...written].sort()).toEqual(Object.keys(OWNERS).sort());
  });
});
