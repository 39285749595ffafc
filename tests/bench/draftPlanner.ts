/**
 * Section 9, "Escala automática" (issue 22): `POST /api/escalas/drafts` of the next 8 weeks for the whole bench
 * network of section 8 (50 churches × 10 departments × 5 positions), each team member holding two of the
 * department's positions. The API bundle (`--only=api`) answers an admin's drafts one at a time. Reported: p50 of
 * a draft on SQLite and PostgreSQL (target ≤ 2 s), the places filled against an upper bound — the maximum flow
 * that ignores clashes: each open place of a slot can take any eligible person free of the stored rules — and the
 * largest and smallest load of the people the draft picks.
 */
import http from 'node:http';
import { passwordHasher } from '../../server/accounts/passwordHasher.ts';
import { openDatabase } from '../../server/db/openDatabase.ts';
import { loadDraftFacts } from '../../server/drafts/draftFacts.ts';
import { DraftRules } from '../../server/drafts/planDraft.ts';
import type { Draft } from '../../shared/schemas/drafts.ts';
import { median } from './load.ts';
import { buildNetwork, departmentIdsFor, OVERVIEW_SIZES, writePostgresNetwork, writeSqliteNetwork, type Network } from './overviewMatrix.ts';
import { freePort, serverEnv, spawnServer, tempDir } from './processes.ts';
import { figure, type SectionResult } from './report.ts';
import { SERVER_LOG_LEVEL, SMOKE, TIME_ZONE } from './settings.ts';

const MAIN = 'dist/server/main.js';
const PASSWORD = 'bench-overview-senha-longa-42';
const TARGET_P50_MS = 2000;
const SAMPLES = SMOKE ? 2 : 5;
const BUFFER_MINUTES = 60;

/** Each team member holds two positions of the team's department (the overview's network holds none). */
function withPositionsHeld(network: Network): Network {
  const teamMembers = network.tables.find((entry) => entry.table === 'team_members')!.rows;
  const positions = network.tables.find((entry) => entry.table === 'positions')!.rows;
  const byDepartment = new Map<number, number[]>();
  for (const position of positions) byDepartment.set(Number(position.department_id), [...(byDepartment.get(Number(position.department_id)) ?? []), Number(position.id)]);
  const held = teamMembers.flatMap((member, index) => {
    const ids = byDepartment.get(Number(member.department_id)) ?? [];
    const chosen = [...new Set([ids[index % ids.length], ids[(index + 2) % ids.length]])].filter((id) => id !== undefined);
    return chosen.map((positionId) => ({ church_id: member.church_id!, department_id: member.department_id!, user_id: member.user_id!, position_id: positionId! }));
  });
  const tables = [...network.tables];
  tables.splice(tables.findIndex((entry) => entry.table === 'team_members') + 1, 0, { table: 'team_member_positions', rows: held });
  return { ...network, tables };
}

function request(url: string, options: { method: string; cookie?: string; body?: unknown }): Promise<{ status: number; body: string; ms: number; cookie?: string }> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      url,
      {
        method: options.method,
        headers: { ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}), ...(options.cookie ? { cookie: options.cookie } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            ...(res.headers['set-cookie']?.[0] ? { cookie: res.headers['set-cookie'][0].split(';')[0]! } : {}),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The maximum flow ignoring clashes: per slot, as many places as it has people free of the stored rules. */
async function upperBound(env: { dataDir?: string; databaseUrl?: string }, window: Network['window']): Promise<number> {
  const database = await openDatabase(env);
  try {
    const facts = await loadDraftFacts(database.db, {
      from: window.from,
      to: window.to,
      churchId: null,
      departmentId: null,
      scope: { network: true },
      now: new Date(),
      timeZone: TIME_ZONE,
      bufferMinutes: BUFFER_MINUTES,
    });
    const rules = new DraftRules(facts, { timeZone: TIME_ZONE, bufferMinutes: BUFFER_MINUTES });
    return facts.slots.reduce((sum, slot) => sum + Math.min(slot.open, rules.eligible(slot).filter((userId) => !rules.refusal(slot, userId)).length), 0);
  } finally {
    await database.close();
  }
}

async function measure(store: string, env: Record<string, string>, network: Network, logDir: string, section: SectionResult, bound: number): Promise<void> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await spawnServer({
    name: `draft-${store}`,
    args: [MAIN, '--only=api'],
    env: { ...serverEnv(SERVER_LOG_LEVEL, TIME_ZONE), ...env, API_PORT: String(port), DEMO_DATA: 'false', ALLOCATION_BUFFER_MINUTES: String(BUFFER_MINUTES) },
    readyUrls: [`${origin}/api/auth/me`],
    logDir,
  });
  try {
    const login = await request(`${origin}/api/auth/login`, { method: 'POST', body: { email: 'admin@bench.koinonia.test', password: PASSWORD } });
    section.requests++;
    if (login.status !== 200 || !login.cookie) throw new Error(`login: ${login.status}`);
    const times: number[] = [];
    let draft: Draft | undefined;
    for (let i = 0; i < SAMPLES; i++) {
      const res = await request(`${origin}/api/escalas/drafts`, { method: 'POST', cookie: login.cookie, body: { from: network.window.from, to: network.window.to } });
      section.requests++;
      if (res.status !== 201) {
        section.failures.push(`${store}: POST /api/escalas/drafts answered ${res.status} ${res.body.slice(0, 200)}`);
        return;
      }
      times.push(res.ms);
      draft = JSON.parse(res.body) as Draft;
    }
    const loads = new Map<number, number>();
    for (const place of draft!.places) if (place.user) loads.set(place.user.id, (loads.get(place.user.id) ?? 0) + 1);
    const picks = [...loads.values()];
    if (draft!.summary.filled > bound) section.failures.push(`${store}: filled ${draft!.summary.filled} places, over the upper bound ${bound}`);
    section.figures.push(
      figure(`${store} · draft of 8 weeks · p50`, median(times), 'ms', { op: '<=', value: TARGET_P50_MS }, `${SAMPLES} drafts, ${draft!.summary.places.toLocaleString('en-US')} places`),
      figure(`${store} · places filled`, draft!.summary.filled, 'places', undefined, `upper bound (max flow ignoring clashes) ${bound.toLocaleString('en-US')}; ${draft!.summary.empty.toLocaleString('en-US')} empty`),
      figure(`${store} · load per person`, draft!.summary.max_load, 'services (largest)', undefined, `smallest picked ${Math.min(...picks)}, ${draft!.summary.people.toLocaleString('en-US')} people picked`),
    );
  } finally {
    await server.stop();
  }
}

export async function runDraftSection(options: { pgUrl: string; usePostgres: boolean; logDir: string }): Promise<SectionResult> {
  const section: SectionResult = { id: 'draft', title: '9. Escala automática (a draft of 8 weeks, whole network)', requests: 0, figures: [], failures: [] };
  const network = withPositionsHeld(buildNetwork(OVERVIEW_SIZES, departmentIdsFor(OVERVIEW_SIZES.departments), new Date(), await passwordHasher.hash(PASSWORD)));
  const dataDir = tempDir('draft-sqlite');
  await writeSqliteNetwork(dataDir, network);
  const bound = await upperBound({ dataDir }, network.window);
  await measure('SQLite', { DATA_DIR: dataDir }, network, options.logDir, section, bound);
  if (options.usePostgres) {
    const url = await writePostgresNetwork(options.pgUrl, network);
    await measure('PostgreSQL', { DATABASE_URL: url }, network, options.logDir, section, await upperBound({ databaseUrl: url }, network.window));
  }
  return section;
}
