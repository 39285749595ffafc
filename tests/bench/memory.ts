import { workloads } from './apiThroughput.ts';
import type { Fixture } from './generateData.ts';
import { get, load, loadProblem } from './load.ts';
import { rssMb, sleep } from './processes.ts';
import { figure, type SectionResult } from './report.ts';
import type { Sizes } from './settings.ts';
import type { ServerPool } from './topologies.ts';

/** Section 6: resident memory of `npm start` (API + web host, one process) idle, and after serving load. */
export async function runMemorySection(fixture: Fixture, sizes: Sizes, pool: ServerPool): Promise<SectionResult> {
  const section: SectionResult = { id: 'memory', title: '6. Memory of `npm start` (one process, SQLite main set)', requests: 0, figures: [], failures: [] };
  const server = await pool.oneProcess();
  // Measured a few seconds after start, before any request but the readiness probes (see ServerPool).
  section.requests += 2;
  section.figures.push(
    figure('RSS idle after start', server.idleRssMb, 'MB', { op: '<=', value: 150 }),
    figure('start-up until both ports answer', server.process.startSeconds, 's', undefined, 'started beside the other servers'),
  );

  // The page a member opens, then the API run through the host (after section 3's runs, when it ran).
  const page = await get(`${server.webOrigin}/events`);
  section.requests++;
  if (page.status !== 200) section.failures.push(`GET /events: status ${page.status}`);
  const paths = workloads(fixture).flatMap((w) => w.paths);
  const result = await load({ origin: server.webOrigin, paths, seconds: sizes.memorySeconds, connections: sizes.connections });
  section.requests += result.requests;
  const problem = loadProblem('API run through the web host', result);
  if (problem) section.failures.push(problem);
  section.figures.push(figure('RSS right after the API run', rssMb(server.process.pid), 'MB', undefined, 'sections 3 and 6 load'));
  await sleep(sizes.warmupSeconds > 0 ? 3_000 : 300);
  section.figures.push(figure('RSS idle again (3 s later)', rssMb(server.process.pid), 'MB'));
  return section;
}
