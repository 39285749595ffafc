import type { Fixture } from './generateData.ts';
import { get, getCounting, median, percentile } from './load.ts';
import { rssMb } from './processes.ts';
import { figure, type SectionResult } from './report.ts';
import type { Sizes } from './settings.ts';
import { warm } from './apiThroughput.ts';
import type { Api, ServerPool } from './topologies.ts';

/** p50 of one client asking the window again and again (the latency a member feels, not the throughput). */
async function sequentialP50(origin: string, path: string, samples: number): Promise<{ p50: number; p90: number; body: Buffer; problem?: string }> {
  const url = origin + path;
  let body: Buffer = Buffer.alloc(0);
  for (let i = 0; i < Math.min(50, samples); i++) await get(url); // warm-up
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const answer = await get(url);
    if (answer.status !== 200) return { p50: NaN, p90: NaN, body, problem: `${url}: status ${answer.status}` };
    times.push(answer.ms);
    body = answer.body;
  }
  return { p50: median(times), p90: percentile(times, 90), body };
}

/** The spec's `GET /api/events` over the whole table: size, time, and the API's memory while it streams. */
async function fullList(api: Api, section: SectionResult, label: string, runs: number): Promise<void> {
  const pid = api.process.pid;
  const before = rssMb(pid);
  let peak = before ?? 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid) ?? 0);
  }, 10);
  let last: { status: number; bytes: number; ms: number } | undefined;
  try {
    for (let i = 0; i < runs; i++) {
      last = await getCounting(`${api.origin}/api/events`);
      section.requests++;
      if (last.status !== 200) section.failures.push(`${label} GET /api/events: status ${last.status}`);
    }
  } finally {
    clearInterval(sampler);
  }
  const after = rssMb(pid);
  peak = Math.max(peak, after ?? 0);
  section.figures.push(
    figure(`${label} · GET /api/events (all) size`, last!.bytes / 1024 / 1024, 'MB'),
    figure(`${label} · GET /api/events (all) time`, last!.ms, 'ms'),
    figure(`${label} · API RSS before → after`, after, 'MB', undefined, `before ${before?.toFixed(0)} MB, peak ${peak.toFixed(0)} MB`),
    figure(`${label} · API RSS rise while streaming`, before === null ? null : peak - before, 'MB', { op: '<=', value: 50 }),
  );
}

/** Section 4: the window query's latency as the table grows around it (its content never changes). */
export async function runGrowthSection(fixture: Fixture, sizes: Sizes, pool: ServerPool): Promise<SectionResult> {
  const section: SectionResult = { id: 'growth', title: '4. Growth (window p50, one client, sequential)', requests: 0, figures: [], failures: [] };
  const host = await pool.growthHost();
  const steps = pool.growthSteps();
  for (const store of ['SQLite', 'PostgreSQL'] as const) {
    const storeSteps = steps.filter((step) => step.store === store);
    if (storeSteps.length === 0) continue;
    const p50s: number[] = [];
    let reference: Buffer | undefined;
    for (const step of storeSteps) {
      const origin = host.origins.get(step.key)!;
      section.requests += await warm(origin, [fixture.window.path], sizes);
      const result = await sequentialP50(origin, fixture.window.path, sizes.growthSamples);
      section.requests += sizes.growthSamples + Math.min(50, sizes.growthSamples);
      if (result.problem) section.failures.push(result.problem);
      if (reference === undefined) reference = result.body;
      else if (!reference.equals(result.body)) section.failures.push(`${store} ${step.size}: the window's answer differs from the smallest table's`);
      p50s.push(result.p50);
      section.figures.push(
        figure(`${store} · ${step.size.toLocaleString('en-US')} events · window p50`, result.p50, 'ms', undefined, `p90 ${result.p90.toFixed(2)} ms`),
      );
    }
    const first = storeSteps[0]!.size.toLocaleString('en-US');
    const last = storeSteps.at(-1)!.size.toLocaleString('en-US');
    section.figures.push(figure(`${store} · p50 ${last} ÷ ${first}`, p50s.at(-1)! / p50s[0]!, '×', { op: '<=', value: 1.5 }));

    // The spec's call over the whole table, on the real `start:api` process of the main set.
    const api = store === 'SQLite' ? await pool.sqliteApi() : await pool.postgresApi();
    if (api) await fullList(api, section, `${store} · ${last}`, sizes.warmupSeconds > 0 ? 2 : 1);
  }
  return section;
}
