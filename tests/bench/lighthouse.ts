/**
 * Section "Lighthouse mobile" (issue 21): the `lighthouse` package's default mobile run (Moto G Power, simulated
 * 4× CPU and slow 4G) against /usr/bin/chromium, on the portal as `npm start` serves it — the API bundle
 * (`--only=api`) on a fresh SQLite file with the demo data, the web host serving a production client build.
 * Three runs of each of five pages (`/`, `/login` and `/events` as a visitor, `/` and `/events` as the demo
 * member); reported: the median of each category's score and of LCP, TBT and CLS. A failed run (Lighthouse's
 * runtimeError, a non-2xx document) or a signed-in run whose `/api/auth/me` did not answer 200 is a failure.
 * Then the tab switch the issue names: signed in on `/events`, a Lighthouse timespan (mobile, 4× CPU) around a
 * click on My Events until its list has loaded — its CLS and INP, median of the runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { startTimespan } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { openDatabase } from '../../server/db/openDatabase.ts';
import { seedDemo } from '../../server/demo/seedDemo.ts';
import type { ClientBuild } from './clientBudget.ts';
import { median } from './load.ts';
import { freePort, serverEnv, spawnServer, tempDir } from './processes.ts';
import { figure, type Figure, type SectionResult, type Target } from './report.ts';
import { ROOT, SERVER_LOG_LEVEL, SMOKE, TIME_ZONE } from './settings.ts';
import { startApi } from './topologies.ts';

export const LIGHTHOUSE_TITLE = '11. Lighthouse mobile (median of each page’s runs)';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu'];
const PASSWORD = 'bench-lighthouse-senha-longa-42';
const MEMBER_EMAIL = 'membro@demo.koinonia';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Page {
  label: string;
  path: string;
  signedIn: boolean;
}

const PAGES: Page[] = [
  { label: '/', path: '/', signedIn: false },
  { label: '/login', path: '/login', signedIn: false },
  { label: '/events', path: '/events', signedIn: false },
  { label: 'signed-in /', path: '/', signedIn: true },
  { label: 'signed-in /events', path: '/events', signedIn: true },
];

// The smoke only proves the section still runs: one run of one page (a Lighthouse run takes 10–20 s).
const RUNS = SMOKE ? 1 : Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHOSEN_PAGES = SMOKE ? PAGES.slice(0, 1) : PAGES;

// Issue 21's targets: performance ≥ 95 on each page, SEO 100, accessibility and best practices kept at 100.
const TARGETS: Record<(typeof CATEGORIES)[number], Target> = {
  performance: { op: '>=', value: 95 },
  accessibility: { op: '>=', value: 100 },
  'best-practices': { op: '>=', value: 100 },
  seo: { op: '>=', value: 100 },
};

interface RunFigures {
  scores: Record<string, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Lighthouse's measure of this machine's CPU (its simulated throttling scales what it observed by it). */
  benchmarkIndex: number | null;
  requests: number;
}

export interface LighthouseOptions {
  logDir: string;
  /** The client build another section already made (the full run's), or none: this section builds its own. */
  clientBuild?: Promise<ClientBuild>;
  buildClient: (logDir: string) => Promise<ClientBuild>;
}

export async function runLighthouseSection(options: LighthouseOptions): Promise<SectionResult> {
  const result: SectionResult = { id: 'lighthouse', title: LIGHTHOUSE_TITLE, requests: 0, figures: [], failures: [] };
  const client = await (options.clientBuild ?? options.buildClient(options.logDir));

  const dataDir = tempDir('lighthouse-data');
  const database = await openDatabase({ dataDir });
  try {
    await seedDemo(database, { timeZone: TIME_ZONE }, { password: PASSWORD });
  } finally {
    await database.close();
  }
  const api = await startApi('lighthouse-api', { dataDir }, options.logDir);
  const webPort = await freePort();
  const origin = `http://127.0.0.1:${webPort}`;
  const web = await spawnServer({
    name: 'lighthouse-web',
    args: [path.join(ROOT, 'tests/bench/webHost.ts')],
    env: { ...serverEnv(SERVER_LOG_LEVEL, TIME_ZONE), PORT: String(webPort), EVENTS_API_URL: api.origin, BENCH_CLIENT_DIR: client.dir },
    readyUrls: [`${origin}/api/auth/me`],
    logDir: options.logDir,
  });

  try {
    const all: RunFigures[] = [];
    const cookie = CHOSEN_PAGES.some((page) => page.signedIn) ? await signIn(origin, result) : undefined;
    for (const page of CHOSEN_PAGES) {
      const runs: RunFigures[] = [];
      for (let run = 1; run <= RUNS; run++) {
        try {
          let figures = await lighthouseRun(`${origin}${page.path}`, page.signedIn ? cookie : undefined);
          // Lighthouse's own trace sometimes misses the navigation's start (NO_NAVSTART: "run Lighthouse again").
          if (figures.lighthouseError) figures = await lighthouseRun(`${origin}${page.path}`, page.signedIn ? cookie : undefined);
          result.requests += figures.run.requests;
          if (figures.problem) result.failures.push(`${page.label} run ${run}: ${figures.problem}`);
          else runs.push(figures.run);
          all.push(figures.run);
        } catch (error) {
          result.failures.push(`${page.label} run ${run}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      result.figures.push(...pageFigures(page.label, runs));
    }
    if (!SMOKE) {
      const switches: TabSwitchFigures[] = [];
      for (let run = 1; run <= RUNS; run++) {
        try {
          switches.push(await tabSwitchRun(`${origin}/events`, cookie!));
        } catch (error) {
          result.failures.push(`tab switch run ${run}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      const note = `${switches.length} run${switches.length === 1 ? '' : 's'}`;
      result.figures.push(
        figure('signed-in /events → My Events: CLS', medianOf(switches.map((run) => run.cls)), '', { op: '<=', value: 0.05 }, note),
        figure('signed-in /events → My Events: INP', medianOf(switches.map((run) => run.inpMs)), 'ms', { op: '<=', value: 200 }, note),
      );
    }
    // Below about 1,000 Lighthouse warns its simulated figures are skewed: a busy machine lowers every score.
    result.figures.push(figure('machine: Lighthouse benchmarkIndex', medianOf(all.map((run) => run.benchmarkIndex)), '', undefined, 'median of all runs'));
  } finally {
    await web.stop();
    await api.process.stop();
  }
  return result;
}

/** The demo member's session cookie, from the same POST /api/auth/login the login form sends. */
async function signIn(origin: string, result: SectionResult): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: MEMBER_EMAIL, password: PASSWORD }),
  });
  result.requests++;
  await response.arrayBuffer();
  const session = response.headers.getSetCookie().find((line) => line.startsWith('koinonia_session='));
  if (response.status !== 200 || !session) throw new Error(`POST /api/auth/login answered ${response.status} without a session cookie`);
  return session.split(';')[0]!;
}

interface NetworkRequest {
  url: string;
  statusCode: number;
  /** Decoded body bytes. */
  resourceSize: number;
}

/** What `GET /api/auth/me` answers a visitor (docs/api.md): a signed-in answer is longer. */
const ANONYMOUS_ME = JSON.stringify({ user: null });

async function lighthouseRun(url: string, cookie: string | undefined): Promise<{ run: RunFigures; problem?: string; lighthouseError?: boolean }> {
  // A fresh browser each run, so no run inherits another's cache or session.
  const userDataDir = tempDir('lighthouse-profile');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, userDataDir, logLevel: 'silent' });
  try {
    const answer = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!answer) throw new Error('Lighthouse returned nothing');
    const { lhr } = answer;
    const items = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
    const run: RunFigures = {
      scores: Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? null])),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
      requests: items.length,
    };
    if (lhr.runtimeError) return { run, problem: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`, lighthouseError: true };
    const document = items.find((item) => item.url === lhr.finalDisplayedUrl);
    if (document && (document.statusCode < 200 || document.statusCode > 299)) {
      return { run, problem: `the document answered ${document.statusCode}` };
    }
    // The cookie reached the API exactly when the page's own `/api/auth/me` answered with a user.
    const me = items.find((item) => new URL(item.url).pathname === '/api/auth/me');
    if (me?.statusCode !== 200) return { run, problem: `/api/auth/me answered ${me?.statusCode ?? 'nothing'}` };
    const signedIn = me.resourceSize > ANONYMOUS_ME.length;
    if (signedIn !== Boolean(cookie)) {
      return { run, problem: `/api/auth/me answered ${me.resourceSize} bytes: the page ran ${signedIn ? 'signed in' : 'as a visitor'}` };
    }
    return { run };
  } finally {
    chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

interface TabSwitchFigures {
  cls: number | null;
  inpMs: number | null;
}

/**
 * A Lighthouse timespan (4× CPU by DevTools) around the click on My Events of a signed-in `/events` whose list has
 * loaded, ended when My Events' list has loaded too. The page is opened on Lighthouse's mobile screen (Moto G Power)
 * before the timespan starts, so the timespan itself changes no viewport.
 */
async function tabSwitchRun(url: string, cookie: string): Promise<TabSwitchFigures> {
  const userDataDir = tempDir('lighthouse-profile');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, userDataDir, logLevel: 'silent' });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    const [name, value] = cookie.split('=') as [string, string];
    await browser.setCookie({ name, value, domain: new URL(url).hostname, path: '/' });
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const loaded = (panel: string) => page.waitForSelector(`${panel} .events-board__list[aria-busy="false"]`, { timeout: 30_000 });
    await page.goto(url);
    await loaded('[role="tabpanel"]:not([hidden])');
    const timespan = await startTimespan(page, {
      flags: { formFactor: 'mobile', screenEmulation: { disabled: true }, throttlingMethod: 'devtools', logLevel: 'error' },
    });
    await page.locator('[role="tab"]::-p-text(My Events)').click();
    await loaded('[role="tabpanel"][id$="-panel-myEvents"]:not([hidden])');
    const answer = await timespan.endTimespan();
    if (!answer) throw new Error('Lighthouse returned nothing');
    const numeric = (id: string) => answer.lhr.audits[id]?.numericValue ?? null;
    return { cls: numeric('cumulative-layout-shift'), inpMs: numeric('interaction-to-next-paint') };
  } finally {
    await browser.disconnect();
    chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

function medianOf(values: Array<number | null>): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length > 0 ? median(known) : null;
}

function pageFigures(label: string, runs: RunFigures[]): Figure[] {
  const note = `${runs.length} run${runs.length === 1 ? '' : 's'}`;
  const scores = CATEGORIES.map((id) => {
    const each = runs.map((run) => run.scores[id] ?? null);
    const score = medianOf(each);
    const result = figure(`${label}: ${id}`, score === null ? null : Math.round(score * 100), '', TARGETS[id], id === 'performance' ? note : undefined);
    // Each run's score, in results.json: the spread says how far a median of 3 can be trusted.
    result.detail = `runs: ${each.map((value) => (value === null ? '—' : Math.round(value * 100))).join(', ')}`;
    return result;
  });
  return [
    ...scores,
    figure(`${label}: LCP`, medianOf(runs.map((run) => run.lcpMs)), 'ms'),
    figure(`${label}: TBT`, medianOf(runs.map((run) => run.tbtMs)), 'ms'),
    figure(`${label}: CLS`, medianOf(runs.map((run) => run.cls)), ''),
  ];
}
