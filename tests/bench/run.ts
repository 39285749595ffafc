/**
 * `npm run bench`: what users feel, against the limits of this stack (issue 7). Prints a table and writes
 * bench/results.json. `BENCH_SMOKE=1` runs every section at tiny size in seconds; the exit code is non-zero on
 * any non-2xx answer, a failed run or a section that made no requests — never for a missed target.
 */
import { buildServer } from '../../scripts/buildServer.ts';
import { runApiSection } from './apiThroughput.ts';
import { buildClient, runClientSection, type ClientBuild } from './clientBudget.ts';
import { benchWindow, postgresAnswers, runDataSection, type Fixture } from './generateData.ts';
import { runGrowthSection } from './growth.ts';
import { runMemorySection } from './memory.ts';
import { runDrainSection, runOutboxSection } from './outboxDrain.ts';
import { runOverviewSection } from './overviewMatrix.ts';
import { runDraftSection } from './draftPlanner.ts';
import { IMPORT_TITLE, runTeamImportSection } from './teamImport.ts';
import { LIGHTHOUSE_TITLE, runLighthouseSection } from './lighthouse.ts';
import { installExitHandlers, runCleanups, tempDir } from './processes.ts';
import { renderTable, writeResults, type SectionResult } from './report.ts';
import { runProxySection } from './proxyOverhead.ts';
import { ServerPool } from './topologies.ts';
import { machine, PG_URL, RESULTS_FILE, SERVER_LOG_LEVEL, SIZES, SMOKE, TIME_ZONE } from './settings.ts';

async function main(): Promise<number> {
  installExitHandlers();
  const started = performance.now();
  // The servers under test run from the bundle `npm start` runs.
  await buildServer();
  const now = new Date();
  const workDir = tempDir('run');
  const keepLogs = process.env.BENCH_KEEP_LOGS === '1';
  const logDir = tempDir('logs', keepLogs);
  const sections: SectionResult[] = [];
  const log = (message: string) => console.error(`bench: ${message}`);
  log(`${SMOKE ? 'smoke run' : 'full run'} · ${JSON.stringify(machine())}`);

  const fixture: Fixture = {
    now,
    window: benchWindow(now, TIME_ZONE),
    windowEvents: 0,
    sqlite: new Map(),
    postgres: new Map(),
    idPaths: [],
  };

  const pool = new ServerPool(fixture, logDir, SMOKE ? 300 : 3_000);

  const pgUp = await postgresAnswers(PG_URL);
  const requirePg = process.env.REQUIRE_POSTGRES === '1';
  let pgNote: string | undefined;
  if (!pgUp) pgNote = `PostgreSQL at ${PG_URL.replace(/\/\/[^@]*@/, '//')} does not answer: its half is skipped`;

  let clientBuild: Promise<ClientBuild> | undefined;
  type Runner = () => Promise<SectionResult>;
  // `standalone`: needs neither the data set nor the pool's servers (BENCH_SECTIONS=<id> runs it alone).
  const plan: Array<{ id: string; title: string; run: Runner; standalone?: boolean }> = [
    {
      id: 'data',
      title: '1. Data at scale',
      run: () =>
        runDataSection(fixture, {
          sizes: SIZES.growth,
          members: SIZES.members,
          allocations: SIZES.allocations,
          timeZone: TIME_ZONE,
          pgUrl: PG_URL,
          usePostgres: pgUp,
          makeDir: (name) => `${workDir}/${name}`,
        }),
    },
    { id: 'api', title: '2. API vs the limit of the stack', run: () => runApiSection(fixture, SIZES, pool, logDir) },
    { id: 'proxy', title: '3. Proxy overhead', run: () => runProxySection(fixture, SIZES, pool) },
    { id: 'growth', title: '4. Growth', run: () => runGrowthSection(fixture, SIZES, pool) },
    { id: 'client', title: '5. Client', run: () => runClientSection(SIZES, pool, logDir, clientBuild!) },
    { id: 'memory', title: '6. Memory', run: () => runMemorySection(fixture, SIZES, pool) },
    {
      id: 'reminders',
      title: '7. Reminders drained',
      standalone: true,
      run: () => runOutboxSection({ count: SMOKE ? 300 : 10_000, pgUrl: PG_URL, usePostgres: pgUp, logDir }),
    },
    {
      id: 'drain',
      title: '7b. Outbox drain against a 50 ms SMTP server',
      standalone: true,
      run: () => runDrainSection({ count: SMOKE ? 100 : Number(process.env.BENCH_DRAIN_MESSAGES ?? 3_000), pgUrl: PG_URL, usePostgres: pgUp, logDir }),
    },
    { id: 'overview', title: '8. Gap matrix (overview of 8 weeks, one client)', standalone: true, run: () => runOverviewSection({ pgUrl: PG_URL, usePostgres: pgUp, logDir }) },
    { id: 'draft', title: '9. Escala automática (a draft of 8 weeks, whole network)', standalone: true, run: () => runDraftSection({ pgUrl: PG_URL, usePostgres: pgUp, logDir }) },
    { id: 'import', title: IMPORT_TITLE, standalone: true, run: () => runTeamImportSection({ pgUrl: PG_URL, usePostgres: pgUp, logDir }) },
    { id: 'lighthouse', title: LIGHTHOUSE_TITLE, standalone: true, run: () => runLighthouseSection({ logDir, clientBuild, buildClient }) },
  ];

  // BENCH_SECTIONS=proxy,growth runs only those (the data section always runs: everything else needs it).
  const only = process.env.BENCH_SECTIONS?.split(',').map((id) => id.trim());
  const needsData = !only || plan.some((step) => only.includes(step.id) && !step.standalone);
  const chosen = only ? plan.filter((step) => (step.id === 'data' && needsData) || only.includes(step.id)) : plan;

  try {
    for (const step of chosen) {
      const sectionStarted = performance.now();
      log(`${step.title}…`);
      let result: SectionResult;
      try {
        result = await step.run();
      } catch (error) {
        result = { id: step.id, title: step.title, requests: 0, figures: [], failures: [`crashed: ${error instanceof Error ? error.message : String(error)}`] };
      }
      result.seconds = (performance.now() - sectionStarted) / 1000;
      if (step.id === 'data' && pgNote) {
        if (requirePg) result.failures.push(`REQUIRE_POSTGRES=1 but ${pgNote}`);
        else result.figures.push({ name: pgNote, value: null, unit: '' });
      }
      sections.push(result);
      // Without its data nothing else can run.
      if (step.id === 'data') {
        if (result.failures.length > 0) break;
        // Overlap the slow starts (servers, client build), then measure on a machine where nothing else of
        // ours is starting.
        const startedAt = performance.now();
        clientBuild = buildClient(logDir);
        clientBuild.catch(() => {});
        await Promise.allSettled([pool.prestart(), clientBuild]);
        log(`servers and client build ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
      }
    }
  } finally {
    await pool.stopAll();
    if (keepLogs) log(`server logs kept in ${logDir}`);
    await runCleanups();
  }

  const problems: string[] = [];
  for (const step of chosen) {
    const section = sections.find((s) => s.id === step.id);
    if (!section) problems.push(`${step.title}: did not run`);
    else if (!section.skipped && section.requests === 0) problems.push(`${section.title}: made no requests`);
    for (const failure of section?.failures ?? []) problems.push(`${section!.title}: ${failure}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const targets = sections.flatMap((s) => s.figures.filter((f) => f.met !== undefined));
  const header = [
    `Koinonia bench — ${SMOKE ? 'SMOKE (tiny sizes, figures meaningless)' : 'full run'}, ${now.toISOString()}, ${seconds.toFixed(0)} s`,
    `machine: ${Object.entries(machine())
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}; server LOG_LEVEL=${SERVER_LOG_LEVEL}; window ${fixture.window.from} … ${fixture.window.to} (${TIME_ZONE})`,
    `targets: ${targets.filter((f) => f.met).length} met, ${targets.filter((f) => !f.met).length} missed`,
  ];
  console.log(`${header.join('\n')}\n\n${renderTable(sections)}\n`);
  writeResults(RESULTS_FILE, {
    smoke: SMOKE,
    startedAt: now.toISOString(),
    seconds: Math.round(seconds),
    machine: machine(),
    serverLogLevel: SERVER_LOG_LEVEL,
    timeZone: TIME_ZONE,
    window: fixture.window,
    sizes: SIZES,
    sections,
    problems,
  });
  console.log(`results: ${RESULTS_FILE}`);
  if (problems.length > 0) {
    console.error(`bench: FAILED\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(error);
    await runCleanups();
    process.exit(1);
  },
);
