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

/** How the page's network is shaped (Chromium's emulation through CDP). */
export interface NetworkProfile {
  id: 'unthrottled' | 'slow4g';
  label: string;
  /** `Network.emulateNetworkConditions`: latency added per request (ms), throughput in bytes per second. */
  conditions?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}

/**
 * Lighthouse's mobile "Slow 4G" as DevTools throttling applies it: 150 ms RTT and 1.6 Mbps down, 750 kbps up,
 * adjusted for request-level throttling (latency × 3.75, throughput × 0.9).
 */
export const SLOW_4G: NetworkProfile = {
  id: 'slow4g',
  label: 'Slow 4G (562.5 ms, 1.47 Mbps down, 675 kbps up)',
  conditions: { latency: 150 * 3.75, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 },
};

export const UNTHROTTLED: NetworkProfile = { id: 'unthrottled', label: 'no network throttling' };

interface PageLoad {
  lcp: number | null;
  fcp: number | null;
  tbt: number;
  longTasks: number;
  responses: number;
  badResponses: string[];
  assets: { scripts: string[]; styles: string[] };
  /** Bytes the page received (headers and bodies as they came over the wire), document included. */
  transferred: number;
  /** Content-Encoding of the entry script's answer (`br`, `gzip` or none). */
  scriptEncoding: string;
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

/**
 * One cold load of `/events` on a phone-sized page with the CPU slowed 4× and the network shaped by `profile`, in
 * a fresh profile. Service workers are blocked: a first visit registers one only after the page has loaded, and
 * its install (the precached shell, reported apart) would otherwise mix its downloads into the page's bytes.
 */
async function loadEventsPage(origin: string, profile: NetworkProfile): Promise<PageLoad> {
  const profileDir = tempDir('chromium');
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    serviceWorkers: 'block',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const result: PageLoad = {
      lcp: null,
      fcp: null,
      tbt: 0,
      longTasks: 0,
      responses: 0,
      badResponses: [],
      assets: { scripts: [], styles: [] },
      transferred: 0,
      scriptEncoding: '',
    };
    page.on('response', (response) => {
      result.responses++;
      const status = response.status();
      if (status >= 300 && status !== 304) result.badResponses.push(`${status} ${new URL(response.url()).pathname}`);
      const type = response.request().resourceType();
      const pathname = new URL(response.url()).pathname;
      if (type === 'script') result.assets.scripts.push(pathname);
      if (type === 'stylesheet') result.assets.styles.push(pathname);
      if (type === 'script' && /^\/assets\/index-/.test(pathname)) result.scriptEncoding = response.headers()['content-encoding'] ?? 'none';
    });
    const cdp = await context.newCDPSession(page);
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
      result.transferred += event.encodedDataLength;
    });
    await cdp.send('Network.enable');
    if (profile.conditions) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.conditions });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(OBSERVERS);
    await page.goto(`${origin}/events`, { waitUntil: 'load', timeout: 90_000 });
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
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

/** The files the service worker precaches (its manifest in sw.js), with the bytes they take as the host sends them. */
export function precachedShell(clientDir: string): { files: number; raw: number; sent: number } {
  const sw = fs.readFileSync(path.join(clientDir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"?url"?\s*:\s*"([^"]+)"/g)].map((match) => match[1]!);
  let raw = 0;
  let sent = 0;
  for (const url of urls) {
    const file = path.join(clientDir, url.replace(/^\//, ''));
    const size = fs.statSync(file).size;
    raw += size;
    sent += fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : size;
  }
  return { files: urls.length, raw, sent };
}

/** Section 5: what the phone downloads and how soon it shows the events. */
export async function runClientSection(sizes: Sizes, pool: ServerPool, logDir: string, build: Promise<ClientBuild>): Promise<SectionResult> {
  const section: SectionResult = {
    id: 'client',
    title: '5. Client: bundle budget and cold /events on Chromium, 4× CPU, without and with Slow 4G',
    requests: 0,
    figures: [],
    failures: [],
  };
  const { dir: clientDir, seconds: buildSeconds } = await build;
  section.figures.push(figure('vite build', buildSeconds, 's', undefined, 'ran beside the server starts'));

  const api = await pool.sqliteApi();
  const webPort = await freePort();
  const webOrigin = `http://127.0.0.1:${webPort}`;
  let web;
  const profiles = [UNTHROTTLED, SLOW_4G];
  const loads = new Map<NetworkProfile['id'], PageLoad[]>(profiles.map((profile) => [profile.id, []]));
  try {
    web = await spawnServer({
      name: 'client-web',
      args: [path.join(ROOT, 'tests/bench/webHost.ts')],
      env: { ...serverEnv(SERVER_LOG_LEVEL, TIME_ZONE), PORT: String(webPort), EVENTS_API_URL: api.origin, BENCH_CLIENT_DIR: clientDir },
      readyUrls: [`${webOrigin}/api/auth/me`],
      logDir,
    });
    section.requests++;
    // Alternated, so a busy moment of the machine does not fall on one profile only.
    for (let i = 0; i < sizes.pageLoads; i++) {
      for (const profile of profiles) {
        const result = await loadEventsPage(webOrigin, profile);
        loads.get(profile.id)!.push(result);
        section.requests += result.responses;
        for (const bad of result.badResponses) section.failures.push(`/events load ${i + 1} (${profile.id}): ${bad}`);
      }
    }
  } finally {
    await web?.stop();
  }

  // Initial assets: what index.html loads up front plus whatever else /events fetched before it was quiet.
  const allLoads = [...loads.values()].flat();
  const fromHtml = initialAssets(fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'));
  const unique = (list: string[]) => [...new Set(list.filter((p) => p.startsWith('/assets/')))];
  const scripts = unique([...fromHtml.scripts, ...allLoads.flatMap((l) => l.assets.scripts)]);
  const styles = unique([...fromHtml.styles, ...allLoads.flatMap((l) => l.assets.styles)]);
  const total = (files: string[]) =>
    files.map((p) => gzipSize(path.join(clientDir, p))).reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 });
  const js = total(scripts);
  const css = total(styles);
  section.figures.push(
    figure('initial JS of /events, gzip', js.gzip / 1024, 'KB', { op: '<=', value: 120 }, `${scripts.length} file(s), ${(js.raw / 1024).toFixed(0)} KB raw`),
    figure('initial CSS of /events, gzip', css.gzip / 1024, 'KB', undefined, `${styles.length} file(s), ${(css.raw / 1024).toFixed(0)} KB raw`),
  );
  if (fs.existsSync(path.join(clientDir, 'sw.js'))) {
    const shell = precachedShell(clientDir);
    section.figures.push(
      figure('service worker precache, once after a first visit', shell.sent / 1024, 'KB', undefined, `${shell.files} file(s), ${(shell.raw / 1024).toFixed(0)} KB raw, brotli where the build wrote it`),
    );
  }

  const note = (count: number) => `median of ${count} cold load(s), 412×823 phone viewport`;
  for (const profile of profiles) {
    const runs = loads.get(profile.id)!;
    const values = (pick: (l: PageLoad) => number | null) => runs.map(pick).filter((v): v is number => v !== null);
    const lcps = values((l) => l.lcp);
    const suffix = profile.conditions ? `, ${profile.label}` : '';
    const encodings = [...new Set(runs.map((l) => l.scriptEncoding || 'none'))].join('/');
    section.figures.push(
      figure(`bytes transferred, cold /events${suffix}`, runs.length ? median(values((l) => l.transferred)) / 1024 : null, 'KB', undefined, `document, scripts, styles, API answers; entry script sent ${encodings}`),
      figure(`FCP${suffix}`, values((l) => l.fcp).length ? median(values((l) => l.fcp)) : null, 'ms', undefined, note(runs.length)),
      figure(`LCP${suffix}`, lcps.length ? median(lcps) : null, 'ms', { op: '<=', value: profile.conditions ? 2500 : 1000 }, note(runs.length)),
      figure(`TBT (long tasks after FCP, until quiet)${suffix}`, runs.length ? median(values((l) => l.tbt)) : null, 'ms', { op: '<=', value: 100 }, `${runs.length ? median(values((l) => l.longTasks)) : 0} long task(s)`),
    );
    if (lcps.length === 0) section.failures.push(`/events (${profile.id}): no largest-contentful-paint entry (nothing rendered?)`);
  }
  return section;
}
