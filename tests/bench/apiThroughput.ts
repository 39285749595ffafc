import fs from 'node:fs';
import path from 'node:path';
import type { Fixture } from './generateData.ts';
import { get, load, loadProblem, type LoadResult } from './load.ts';
import { rssMb } from './processes.ts';
import { figure, type Figure, type SectionResult } from './report.ts';
import type { Sizes } from './settings.ts';
import { startBaseline, type Api, type ServerPool } from './topologies.ts';

export interface Workload {
  label: string;
  paths: string[];
}

export function workloads(fixture: Fixture): Workload[] {
  return [
    { label: 'two-month window', paths: [fixture.window.path] },
    { label: 'one event by id', paths: fixture.idPaths },
  ];
}

/** A short unmeasured run, so the JIT and connection pools are warm before the one that counts. */
export async function warm(origin: string, paths: string[], sizes: Sizes): Promise<number> {
  if (sizes.warmupSeconds <= 0) {
    for (const p of paths.slice(0, 8)) await get(origin + p);
    return Math.min(paths.length, 8);
  }
  const result = await load({ origin, paths, seconds: sizes.warmupSeconds, connections: Math.min(10, sizes.connections) });
  return result.requests;
}

export function latencyNote(result: LoadResult): string {
  const cpu = result.cpuMsPerRequest === null ? '' : ` · CPU ${result.cpuMsPerRequest.toFixed(2)} ms/req`;
  return `p50 ${result.p50} ms · p99 ${result.p99} ms${cpu}`;
}

/** Throughput ratio, and the same ratio from CPU cost per request (what it would be on an idle machine). */
export function cpuRatio(result: LoadResult, reference: LoadResult): number | null {
  if (result.cpuMsPerRequest === null || reference.cpuMsPerRequest === null || result.cpuMsPerRequest === 0) return null;
  return reference.cpuMsPerRequest / result.cpuMsPerRequest;
}

export function rpsFigure(name: string, result: LoadResult, extra?: Partial<Figure>): Figure {
  return { ...figure(name, result.rps, 'req/s', undefined, latencyNote(result)), ...extra };
}

/** Section 2: the events API on each database against bare Express sending the same bytes from memory. */
export async function runApiSection(fixture: Fixture, sizes: Sizes, pool: ServerPool, logDir: string): Promise<SectionResult> {
  const section: SectionResult = { id: 'api', title: '2. API vs the limit of the stack (autocannon)', requests: 0, figures: [], failures: [] };
  const apis: Array<{ name: string; api: Api }> = [{ name: 'SQLite', api: await pool.sqliteApi() }];
  const postgres = pool.postgresApi();
  if (postgres) apis.push({ name: 'PostgreSQL', api: await postgres });

  // The bytes each path answers, read from the API itself; the databases must agree to the byte.
  const bodies: Record<string, string> = {};
  const paths = workloads(fixture).flatMap((w) => w.paths);
  for (const { name, api } of apis) {
    for (const p of paths) {
      const answer = await get(api.origin + p);
      section.requests++;
      if (answer.status !== 200) {
        section.failures.push(`${name} ${p}: status ${answer.status}`);
        continue;
      }
      const base64 = answer.body.toString('base64');
      if (bodies[p] === undefined) bodies[p] = base64;
      else if (bodies[p] !== base64) section.failures.push(`${name} ${p}: answer differs from SQLite's`);
    }
  }
  const windowBody = Buffer.from(bodies[fixture.window.path] ?? '', 'base64');
  const windowCount = windowBody.length > 0 ? (JSON.parse(windowBody.toString()) as unknown[]).length : 0;
  if (windowCount !== fixture.windowEvents) section.failures.push(`window answered ${windowCount} events, ${fixture.windowEvents} expected`);
  section.figures.push(figure('window response', windowBody.length / 1024, 'KB', undefined, `${windowCount} events`));

  const bodiesFile = path.join(logDir, 'baseline-bodies.json');
  fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
  const baseline = await startBaseline(bodiesFile, logDir);
  try {
    for (const workload of workloads(fixture)) {
      const run = async (label: string, server: Api) => {
        const origin = server.origin;
        section.requests += await warm(origin, workload.paths, sizes);
        const result = await load({ origin, paths: workload.paths, seconds: sizes.apiSeconds, connections: sizes.connections, pids: [server.process.pid] });
        section.requests += result.requests;
        const problem = loadProblem(`${workload.label} · ${label}`, result);
        if (problem) section.failures.push(problem);
        return result;
      };
      const base = await run('baseline', baseline);
      section.figures.push(rpsFigure(`${workload.label} · baseline Express, bytes from memory`, base));
      for (const { name, api } of apis) {
        const result = await run(name, api);
        section.figures.push(rpsFigure(`${workload.label} · ${name} API`, result));
        section.figures.push(
          figure(`${workload.label} · ${name} ÷ baseline`, result.rps / base.rps, '×', name === 'SQLite' ? { op: '>=', value: 0.5 } : undefined),
          figure(`${workload.label} · ${name} ÷ baseline by CPU cost/req`, cpuRatio(result, base), '×', undefined, 'noise-robust'),
        );
      }
    }
    for (const { name, api } of apis) section.figures.push(figure(`${name} API RSS after the runs`, rssMb(api.process.pid), 'MB'));
  } finally {
    await baseline.process.stop();
  }
  return section;
}
