/**
 * Run as a child process under a given TZ (see tests/api/timezone.test.ts): seeds a temp SQLite with the demo
 * events of a fixed day plus a few edge cases, asks the API app the day, range and list questions, and prints
 * the answers (and what the host clock thinks of the zone) as one JSON line.
 */
import request from 'supertest';
import { dayKeyOf, endOfDayUtc, startOfDayUtc } from '../../shared/dayKey.ts';
import { formatDateTime, formatDay } from '../../shared/formats.ts';
import { seedDemoEvents } from '../../server/demo/demoEvents.ts';
import { apiTestApp } from './apiTestApp.ts';
import { insertEvents } from './eventFixtures.ts';
import { freshSqlite } from './testDatabases.ts';

const t = await apiTestApp(freshSqlite);
try {
  await seedDemoEvents(t.database.db, t.config.timeZone, new Date('2026-11-20T15:00:00.000Z'));
  await insertEvents(t.database.db, [
    { datetime: '2026-11-23T03:30:00.000Z', type: 'Culto' }, // 00:30 on 23/11 in São Paulo
    { datetime: '2026-11-21T02:59:59.999Z', type: null }, // 23:59:59.999 on 20/11
  ]);
  const ask = async (path: string) => {
    const res = await request(t.app).get(path);
    return { path, status: res.status, body: res.body as unknown };
  };
  const answers = [
    await ask('/api/events'),
    await ask('/api/events?date=2026-11-20'),
    await ask('/api/events?date=2026-11-22'),
    await ask('/api/events?date=2026-11-23'),
    await ask('/api/events?from=2026-11-21&to=2026-11-29'),
    await ask('/api/events/1'),
  ];
  const helpers = {
    dayKeyOf: dayKeyOf('2026-11-23T02:30:00.000Z', 'America/Sao_Paulo'),
    startOfDay: startOfDayUtc('2026-03-08', 'America/New_York'),
    endOfDay: endOfDayUtc('2026-11-01', 'America/New_York'),
    formatDateTime: formatDateTime('2026-11-23T02:30:00.000Z', 'America/Sao_Paulo'),
    formatDay: formatDay('2026-11-22'),
  };
  const host = { tz: process.env.TZ, offsetMinutes: new Date('2026-11-22T12:00:00.000Z').getTimezoneOffset() };
  process.stdout.write(`${JSON.stringify({ host, answers, helpers })}\n`);
} finally {
  await t.database.dispose();
}
