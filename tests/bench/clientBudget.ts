import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { median } from './load.ts';
import { freePort, serverEnv, spawnServer, tempDir } from './processes.ts';
import { figure, type SectionResult } from './report.ts';
import { ROOT, SERVER_LOG_LEVEL, TIME_ZONE, type Sizes } from './settings.ts';
import type { ServerPool } from './topologies.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface ClientBuild {
  dir: string;
  seconds: number;
}

/** `vite build` (NODE_ENV=production) into a folder of the bench's own (never the dist/client being served). */
export async function buildClient(logDir: string): Promise<ClientBuild> {
  const outDir = path.join(tempDir('client'), 'client');
  const logFile = path.join(logDir, 'vite-build.log');
  const started = performance.now();
  const fd = fs.openSync(logFile, 'a');
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', fd, fd],
      });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}; see ${logFile}`))));
    });
  } finally {
    fs.closeSync(fd);
  }
  return { dir: outDir, seconds: (performance.now() - started) / 1000 };
}

/** The asset paths index.html loads up front: the entry script, its modulepreloads and stylesheets. */
export function initialAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    if (/^<script/i.test(tag)) {
      const src = attr(tag, 'src');
      if (src) scripts.push(src);
    } else {
      const rel = attr(tag, 'rel')?.toLowerCase();
      const href = attr(tag, 'href');
      if (!href) continue;
      if (rel === 'modulepreload') scripts.push(href);
      else if (rel === 'stylesheet') styles.push(href);
    }
  }
  return { scripts, styles };
}

function gzipSize(file: string): { raw: number; gzip: number } {
  const data = fs.readFileSync(file);
  return { raw: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length };
}

interface PageLoad {
  lcp: number | null;
  fcp: number | null;
  tbt: number;
  longTasks: number;
  responses: number;
  badResponses: string[];
  assets: { scripts: string[]; styles: string[] };
}

const OBSERVERS = `
  window.__bench = { lcp: null, fcp: null, longTasks: [] };
  const observe = (type, onEntry) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true }); } catch {}
  };
  observe('largest-contentful-paint', (entry) => { window.__bench.lcp = entry.startTime; });
  observe('paint', (entry) => { if (entry.name === 'first-contentful-paint') window.__bench.fcp = entry.startTime; });
  observe('longtask', (entry) => { window.__bench.longTasks.push({ start: entry.startTime, duration: entry.duration }); });
`;

/** One cold load of `/events` on a phone-sized page with the CPU slowed 4×, in a fresh profile. */
async function loadEventsPage(origin: string): Promise<PageLoad> {
  const profile = tempDir('chromium');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const result: PageLoad = { lcp: null, fcp: null, tbt: 0, longTasks: 0, responses: 0, badResponses: [], assets: { scripts: [], styles: [] } };
    page.on('response', (response) => {
      result.responses++;
      const status = response.status();
      if (status >= 300 && status !== 304) result.badResponses.push(`${status} ${new URL(response.url()).pathname}`);
      const type = response.request().resourceType();
      const pathname = new URL(response.url()).pathname;
      if (type === 'script') result.assets.scripts.push(pathname);
      if (type === 'stylesheet') result.assets.styles.push(pathname);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(OBSERVERS);
    await page.goto(`${origin}/events`, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => {});
    // Quiet: no long task ended in the last second (at most 10 s more).
    const deadline = Date.now() + 10_000;
    for (;;) {
      const quietFor = await page.evaluate(() => {
        const bench = (window as unknown as { __bench: { longTasks: Array<{ start: number; duration: number }> } }).__bench;
        const lastEnd = Math.max(0, ...bench.longTasks.map((t) => t.start + t.duration));
        return performance.now() - lastEnd;
      });
      if (quietFor >= 1_000 || Date.now() > deadline) break;
      await page.waitForTimeout(250);
    }
    const measured = await page.evaluate(() => {
      const bench = (window as unknown as { __bench: { lcp: number | null; fcp: number | null; longTasks: Array<{ start: number; duration: number }> } })
        .__bench;
      return { lcp: bench.lcp, fcp: bench.fcp, longTasks: bench.longTasks };
    });
    result.lcp = measured.lcp;
    result.fcp = measured.fcp;
    const fcp = measured.fcp ?? 0;
    // Total blocking time: the part over 50 ms of every long task after the first contentful paint.
    for (const task of measured.longTasks) {
      const end = task.start + task.duration;
      if (end <= fcp) continue;
      const start = Math.max(task.start, fcp);
      result.tbt += Math.max(0, end - start - 50);
    }
    result.longTasks = measured.longTasks.length;
    await cdp.detach().catch(() => {});
    return result;
  } finally {
    await context.close();
  }
}

/** Section 5: what the phone downloads and how soon it shows the events. */
export async function runClientSection(sizes: Sizes, pool: ServerPool, logDir: string, build: Promise<ClientBuild>): Promise<SectionResult> {
  const section: SectionResult = { id: 'client', title: '5. Client: bundle budget and /events on Chromium, 4× CPU throttling', requests: 0, figures: [], failures: [] };
  const { dir: clientDir, seconds: buildSeconds } = await build;
  section.figures.push(figure('vite build', buildSeconds, 's', undefined, 'ran beside the server starts'));

  const api = await pool.sqliteApi();
  const webPort = await freePort();
  const webOrigin = `http://127.0.0.1:${webPort}`;
  let web;
  const loads: PageLoad[] = [];
  try {
    web = await spawnServer({
      name: 'client-web',
      args: [path.join(ROOT, 'tests/bench/webHost.ts')],
      env: { ...serverEnv(SERVER_LOG_LEVEL, TIME_ZONE), PORT: String(webPort), EVENTS_API_URL: api.origin, BENCH_CLIENT_DIR: clientDir },
      readyUrls: [`${webOrigin}/api/auth/me`],
      logDir,
    });
    section.requests++;
    for (let i = 0; i < sizes.pageLoads; i++) {
      const result = await loadEventsPage(webOrigin);
      loads.push(result);
      section.requests += result.responses;
      for (const bad of result.badResponses) section.failures.push(`/events load ${i + 1}: ${bad}`);
    }
  } finally {
    await web?.stop();
  }

  // Initial assets: what index.html loads up front plus whatever else /events fetched before it was quiet.
  const fromHtml = initialAssets(fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'));
  const unique = (list: string[]) => [...new Set(list.filter((p) => p.startsWith('/assets/')))];
  const scripts = unique([...fromHtml.scripts, ...loads.flatMap((l) => l.assets.scripts)]);
  const styles = unique([...fromHtml.styles, ...loads.flatMap((l) => l.assets.styles)]);
  const total = (files: string[]) =>
    files.map((p) => gzipSize(path.join(clientDir, p))).reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 });
  const js = total(scripts);
  const css = total(styles);
  section.figures.push(
    figure('initial JS of /events, gzip', js.gzip / 1024, 'KB', { op: '<=', value: 150 }, `${scripts.length} file(s), ${(js.raw / 1024).toFixed(0)} KB raw`),
    figure('initial CSS of /events, gzip', css.gzip / 1024, 'KB', undefined, `${styles.length} file(s), ${(css.raw / 1024).toFixed(0)} KB raw`),
  );
  const values = (pick: (l: PageLoad) => number | null) => loads.map(pick).filter((v): v is number => v !== null);
  const lcps = values((l) => l.lcp);
  const note = `median of ${loads.length} cold load(s), 412×823 phone viewport`;
  section.figures.push(
    figure('FCP', values((l) => l.fcp).length ? median(values((l) => l.fcp)) : null, 'ms', undefined, note),
    figure('LCP', lcps.length ? median(lcps) : null, 'ms', { op: '<=', value: 1500 }, note),
    figure('TBT (long tasks after FCP, until quiet)', median(values((l) => l.tbt)), 'ms', { op: '<=', value: 150 }, `${median(values((l) => l.longTasks))} long task(s)`),
  );
  if (lcps.length === 0) section.failures.push('/events: no largest-contentful-paint entry (nothing rendered?)');
  return section;
}
