import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTestApp, type ApiTestApp } from '../support/apiTestApp.ts';
import { insertEvents } from '../support/eventFixtures.ts';
import { testDatabases } from '../support/testDatabases.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

interface ProbeOutput {
  host: { tz: string; offsetMinutes: number };
  answers: Array<{ path: string; status: number; body: unknown }>;
  helpers: Record<string, string>;
}

async function probeUnder(tz: string): Promise<ProbeOutput> {
  const { PATH, HOME, TMPDIR } = process.env;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'tests/support/timezoneProbe.ts'], {
    cwd: ROOT,
    env: { PATH, HOME, TMPDIR, TZ: tz },
    timeout: 110_000,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as ProbeOutput;
}

type Listed = Array<{ id: number; datetime: string; event_types: { name: string } | null }>;

describe('the host timezone changes nothing', () => {
  let tokyo: ProbeOutput;
  let saoPaulo: ProbeOutput;
  beforeAll(async () => {
    [tokyo, saoPaulo] = await Promise.all([probeUnder('Asia/Tokyo'), probeUnder('America/Sao_Paulo')]);
  }, 120_000);

  it('really ran the two probes under different host zones', () => {
    expect(tokyo.host).toEqual({ tz: 'Asia/Tokyo', offsetMinutes: -540 });
    expect(saoPaulo.host).toEqual({ tz: 'America/Sao_Paulo', offsetMinutes: 180 });
  });

  it('gives the same answers under TZ=Asia/Tokyo as under TZ=America/Sao_Paulo', () => {
    expect(tokyo.answers).toEqual(saoPaulo.answers);
    expect(tokyo.helpers).toEqual(saoPaulo.helpers);
  });

  it('and those answers are right: the 23:30 vigil is on its local day', () => {
    const byPath = new Map(tokyo.answers.map((answer) => [answer.path, answer]));
    for (const answer of tokyo.answers) expect(answer.status, answer.path).toBe(200);
    const all = byPath.get('/api/events')!.body as Listed;
    expect(all.length).toBeGreaterThan(30);
    const day22 = byPath.get('/api/events?date=2026-11-22')!.body as Listed;
    expect(day22.map((event) => event.datetime)).toContain('2026-11-23T02:30:00.000Z');
    expect(day22.every((event) => event.datetime >= '2026-11-22T03:00:00.000Z' && event.datetime < '2026-11-23T03:00:00.000Z')).toBe(true);
    const day23 = byPath.get('/api/events?date=2026-11-23')!.body as Listed;
    expect(day23.map((event) => event.datetime)).toContain('2026-11-23T03:30:00.000Z');
    expect(day23.map((event) => event.datetime)).not.toContain('2026-11-23T02:30:00.000Z');
    const day20 = byPath.get('/api/events?date=2026-11-20')!.body as Listed;
    expect(day20.map((event) => event.datetime)).toContain('2026-11-21T02:59:59.999Z');
    expect(tokyo.helpers).toEqual({
      dayKeyOf: '2026-11-22',
      startOfDay: '2026-03-08T05:00:00.000Z',
      endOfDay: '2026-11-02T05:00:00.000Z',
      formatDateTime: '22 de novembro de 2026 às 23:30:00',
      formatDay: '22 de novembro de 2026',
    });
  });
});

describe.each(testDatabases)('a network timezone with daylight saving, on $name', ({ open }) => {
  let t: ApiTestApp;
  let ids: number[];
  beforeAll(async () => {
    t = await apiTestApp(open, { APP_TIMEZONE: 'America/New_York' });
    ids = await insertEvents(t.database.db, [
      { datetime: '2026-03-08T05:00:00.000Z', type: 'Culto' }, // 00:00 EST, first instant of the 23-hour day
      { datetime: '2026-03-09T03:59:59.999Z', type: 'Culto' }, // 23:59:59.999 EDT, its last
      { datetime: '2026-03-09T04:00:00.000Z', type: 'Culto' }, // 00:00 EDT on the 9th
      { datetime: '2026-11-01T05:30:00.000Z', type: null }, // 01:30 EDT, the first time
      { datetime: '2026-11-01T06:30:00.000Z', type: null }, // 01:30 EST, the same hour again
      { datetime: '2026-11-02T04:59:59.999Z', type: null }, // 23:59:59.999 EST, last instant of the 25-hour day
      { datetime: '2026-11-02T05:00:00.000Z', type: null }, // 00:00 on the 2nd
    ]);
  });
  afterAll(async () => {
    await t?.database.dispose();
  });
  const idsOf = async (path: string) => ((await request(t.app).get(path)).body as Listed).map((event) => event.id);

  it('bounds the 23-hour and the 25-hour day by local midnight', async () => {
    expect(await idsOf('/api/events?date=2026-03-08')).toEqual([ids[0], ids[1]]);
    expect(await idsOf('/api/events?date=2026-03-09')).toEqual([ids[2]]);
    expect(await idsOf('/api/events?date=2026-11-01')).toEqual([ids[3], ids[4], ids[5]]);
    expect(await idsOf('/api/events?date=2026-11-02')).toEqual([ids[6]]);
    expect(await idsOf('/api/events?from=2026-03-08&to=2026-11-01')).toEqual(ids.slice(0, 6));
  });
});
