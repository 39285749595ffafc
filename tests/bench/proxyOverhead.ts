import { rpsFigure, warm, workloads } from './apiThroughput.ts';
import type { Fixture } from './generateData.ts';
import { load, loadProblem } from './load.ts';
import { figure, type SectionResult } from './report.ts';
import type { Sizes } from './settings.ts';
import type { ServerPool } from './topologies.ts';

interface Topology {
  label: string;
  direct: string;
  viaWeb: string;
  /** Server processes charged for each route (the web host's too when it is a process of its own). */
  directPids: number[];
  viaPids: number[];
  minRatio: number;
  /** p99 through the host at most this many times direct (two processes only). */
  maxP99Ratio?: number;
}

/** Section 3: the same requests through the web host's proxy vs straight to the API, in both topologies. */
export async function runProxySection(fixture: Fixture, sizes: Sizes, pool: ServerPool): Promise<SectionResult> {
  const section: SectionResult = { id: 'proxy', title: '3. Proxy overhead (web host → API, SQLite)', requests: 0, figures: [], failures: [] };

  const measure = async (topology: Topology) => {
    for (const workload of workloads(fixture)) {
      const run = async (route: string, origin: string, pids: number[]) => {
        section.requests += await warm(origin, workload.paths, sizes);
        const result = await load({ origin, paths: workload.paths, seconds: sizes.proxySeconds, connections: sizes.connections, pids });
        section.requests += result.requests;
        const problem = loadProblem(`${topology.label} · ${workload.label} · ${route}`, result);
        if (problem) section.failures.push(problem);
        return result;
      };
      const direct = await run('direct', topology.direct, topology.directPids);
      const proxied = await run('via web host', topology.viaWeb, topology.viaPids);
      const name = `${topology.label} · ${workload.label}`;
      section.figures.push(rpsFigure(`${name} · direct`, direct), rpsFigure(`${name} · via web host`, proxied));
      section.figures.push(
        figure(`${name} · throughput via ÷ direct`, proxied.rps / direct.rps, '×', { op: '>=', value: topology.minRatio }),
        figure(
          `${name} · CPU the web host adds per request`,
          proxied.cpuMsPerRequest === null || direct.cpuMsPerRequest === null ? null : proxied.cpuMsPerRequest - direct.cpuMsPerRequest,
          'ms',
          undefined,
          'noise-robust',
        ),
      );
      if (topology.maxP99Ratio !== undefined) {
        section.figures.push(
          figure(`${name} · p99 via ÷ direct`, proxied.p99 / Math.max(direct.p99, 1), '×', { op: '<=', value: topology.maxP99Ratio }),
        );
      }
    }
  };

  const { api, web } = await pool.web();
  const apiPid = api.process.pid;
  await measure({
    label: 'two processes',
    direct: api.origin,
    viaWeb: web.origin,
    directPids: [apiPid],
    viaPids: [apiPid, web.process.pid],
    minRatio: 0.75,
    maxP99Ratio: 2,
  });
  await pool.stop('web');
  const one = await pool.oneProcess();
  const pid = one.process.pid;
  await measure({ label: 'one process', direct: one.apiOrigin, viaWeb: one.webOrigin, directPids: [pid], viaPids: [pid], minRatio: 0.5 });
  return section;
}
