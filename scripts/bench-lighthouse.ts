/**
 * `npm run bench:lighthouse` (figures in docs/performance.md "Lighthouse"): runs Lighthouse on the
 * built portal (`dist/`, built by the npm script first) started on a random loopback port with a
 * fresh data folder, in Debian's Chromium (`/usr/bin/chromium` or $CHROMIUM_PATH, launched by
 * chrome-launcher; no browser is downloaded). Pages: the signed-out home `/`, and signed in as
 * `admin`: `/Forms`, `/AP/Form` and the ticket page of an AP submission made for the run. Each page
 * with the desktop and the mobile preset (Lighthouse's own throttling: simulated), BENCH_RUNS runs
 * each. Prints per run the performance, accessibility and best-practices scores and LCP, TBT, CLS,
 * then the minimum per page and preset against the targets; for a run that misses a target, the
 * audits that failed and the elements that shifted. Figures, not assertions: exits 0 either way
 * unless a run could not be done.
 *
 * Signing in: the portal keeps its tokens in local storage (src/client/lib/auth.ts). Lighthouse's
 * storage reset keeps local storage (so it would not sign out either), so every run has
 * `disableStorageReset` and the script makes the cold start itself ({@link coldStart}): HTTP
 * cache, service worker, Cache Storage, IndexedDB and local storage cleared, the session's keys
 * kept for the signed-in pages. The sign-in happens through the built-in identity provider's page,
 * by playwright-core attached to the same browser; it is done again when the access token has
 * less than 6 minutes left (it lives 15), so no run refreshes it. Each page is visited once
 * before the runs, so the server has answered its requests once (as on a portal that is running).
 *
 * The stack's floor: in the same rounds, stock pages on a loopback server of their own
 * (scripts/lib/lighthouse-baseline.ts): React 19 with the data router and ky drawing one fetched
 * record (the floor of `/Forms`, the ticket page and the home page), stock @rjsf/core drawing
 * AP's form, and the same with the widget libraries AP's fields need (choices.js, flatpickr,
 * slate) in its one script (the floors of `/AP/Form`). Runs go in rounds (every page and floor once per round);
 * the script then prints each page's median performance against its floor's (ours ÷ floor) and
 * the differences of the median LCP and TBT. A floor below a target says that no page on this
 * stack reaches it under the same throttling; a page far below its floor, that its own work is
 * what to look at.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Config, type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/support/browser';
import { spawnPortal, type PortalServer } from '../tests/e2e/support/portal-process';
import { signInOnProviderPage } from '../tests/e2e/support/sign-in';
import { uploadInvoiceFiles } from './lib/bench-support';
import { startBaselineServer, type BaselineServer } from './lib/lighthouse-baseline';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PRESETS = (process.env.BENCH_PRESETS ?? 'desktop,mobile')
  .split(',')
  .filter((p): p is Preset => p === 'desktop' || p === 'mobile');
/** Only the pages whose label contains this text (e.g. `AP/Form`). */
const ONLY = process.env.BENCH_ONLY;
/** A folder to write every run's full JSON report to. */
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** One Lighthouse run may take at most this long (a busy machine makes a run 30–60 s). */
const RUN_TIMEOUT_MS = 180_000;
const TARGETS = { performance: { desktop: 95, mobile: 90 }, accessibility: 100, bestPractices: 95, cls: 0.1 };

type Preset = 'desktop' | 'mobile';
/** The stack's floor a portal page is compared with (scripts/lib/lighthouse-baseline.ts). */
type Floor = 'stock shell' | 'stock form' | 'stock form with widgets';
const FLOOR_PATHS: Readonly<Record<Floor, string>> = {
  'stock shell': '/stock/shell',
  'stock form': '/stock/form',
  'stock form with widgets': '/stock/full-form',
};
type PageCase = { label: string; path: string; signedIn: boolean; floors?: readonly Floor[]; isFloor?: boolean };
type RunFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};

/** Milliseconds the stored access token has left (0 when there is none). */
async function tokenLifeLeft(page: Page): Promise<number> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('auth.user:'));
    const user = JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { expires_at?: number };
    return user.expires_at ? user.expires_at * 1000 - Date.now() : 0;
  });
}

/** Signs in as `admin` from scratch (no provider session, no stored tokens) and ends on `about:blank`. */
async function signIn(browser: Browser, page: Page, baseUrl: string): Promise<void> {
  await browser.contexts()[0]?.clearCookies();
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('auth.')) localStorage.removeItem(key);
  });
  await page.goto(`${baseUrl}/Forms`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await signInOnProviderPage(page, 'admin');
  await page.waitForURL(`${baseUrl}/Forms`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/**
 * Creates an AP submission with the area's example data through the API and returns its id; the
 * example's invoice file is uploaded first (`POST /api/attachments`), as the form does.
 */
async function createTicket(page: Page, baseUrl: string): Promise<string> {
  const example = JSON.parse(readFileSync(join(ROOT, 'schemas/AP/example.json'), 'utf8')) as Record<string, unknown>;
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('auth.user:'));
    return (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token ?? '';
  });
  const [file] = await uploadInvoiceFiles(baseUrl, token, 1);
  const body = JSON.stringify({ ...example, invoiceFile: [file] });
  const result = await page.evaluate(
    async ({ payload, bearer }) => {
      const response = await fetch('/api/areas/AP/submissions', {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: payload,
      });
      return { status: response.status, json: (await response.json()) as { id?: string } };
    },
    { payload: body, bearer: token },
  );
  if (result.status !== 201 || !result.json.id)
    throw new Error(`creating the ticket answered ${result.status}: ${JSON.stringify(result.json)}`);
  return result.json.id;
}

/**
 * A cold start for the next run, done here instead of by Lighthouse (whose reset keeps local
 * storage, so a signed-in session would survive it): clears the HTTP cache, the origin's
 * service worker, Cache Storage and IndexedDB, and its local storage but the session's `auth.`
 * keys (drafts of forms go); signed out (`keepSession` false) also those keys and the cookies.
 * Leaves `page` on the origin's `/api/health`.
 */
async function coldStart(page: Page, baseUrl: string, keepSession: boolean): Promise<void> {
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate((keep) => {
    for (const key of Object.keys(localStorage)) if (!keep || !key.startsWith('auth.')) localStorage.removeItem(key);
    sessionStorage.clear();
  }, keepSession);
  if (!keepSession) await page.context().clearCookies();
  const session = await page.context().newCDPSession(page);
  await session.send('Network.clearBrowserCache');
  await session.send('Storage.clearDataForOrigin', {
    origin: baseUrl,
    storageTypes: 'cache_storage,file_systems,indexeddb,service_workers,shader_cache,websql',
  });
  await session.detach();
}

function figuresOf(result: Result): RunFigures {
  const score = (id: string) => Math.round((result.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => result.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

function belowPerformanceTarget(figures: RunFigures, preset: Preset): boolean {
  return figures.performance < TARGETS.performance[preset];
}

function missesTarget(figures: RunFigures, preset: Preset): boolean {
  return (
    belowPerformanceTarget(figures, preset) ||
    figures.accessibility < TARGETS.accessibility ||
    figures.bestPractices < TARGETS.bestPractices ||
    figures.cls > TARGETS.cls
  );
}

/** The audits of the three categories that did not pass, and what shifted (for a run that missed a target). */
function diagnosis(result: Result): string[] {
  const lines: string[] = [];
  for (const id of ['accessibility', 'best-practices', 'performance']) {
    const failed = (result.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => result.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < (id === 'performance' ? 0.9 : 1))
      .map((audit) => `${audit?.id} ${audit?.displayValue ?? audit?.score}`);
    if (failed.length) lines.push(`    ${id} below full marks: ${failed.join('; ')}`);
  }
  const shifts = result.audits['layout-shifts']?.details;
  if (shifts && 'items' in shifts && Array.isArray(shifts.items)) {
    for (const item of shifts.items.slice(0, 5) as {
      score?: number;
      node?: { selector?: string; snippet?: string };
    }[]) {
      lines.push(
        `    shift ${item.score?.toFixed(3)}: ${item.node?.selector ?? '?'} ${item.node?.snippet?.slice(0, 100) ?? ''}`,
      );
    }
  }
  return lines;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms)),
  );
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const pad = (text: string | number, width: number) => String(text).padStart(width);
const row = (label: string, f: RunFigures) =>
  `${label.padEnd(34)} ${pad(f.performance, 4)} ${pad(f.accessibility, 4)} ${pad(f.bestPractices, 4)} ${pad(Math.round(f.lcpMs), 6)} ${pad(Math.round(f.tbtMs), 5)} ${pad(f.cls.toFixed(3), 6)}`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(Math.round(value))}`;
const HEADER = `${'page / preset / run'.padEnd(34)} perf a11y  bp    LCP   TBT    CLS`;

async function main(): Promise<void> {
  let portal: PortalServer | undefined;
  let stock: BaselineServer | undefined;
  let chrome: LaunchedChrome | undefined;
  let browser: Browser | undefined;
  const userDataDir = mkdtempSync(join(tmpdir(), 'tm-lighthouse-chromium-'));
  // the portal is killed when this process exits (tests/e2e/support/portal-process.ts)
  process.once('SIGINT', () => {
    chrome?.kill();
    process.exit(130);
  });
  try {
    portal = await spawnPortal({
      dataDir: mkdtempSync(join(tmpdir(), 'tm-lighthouse-data-')),
      timeoutMs: 180_000,
    });
    const { baseUrl } = portal;
    const baseline = await startBaselineServer();
    stock = baseline;
    console.log(
      `Stock pages (the stack's floor) on ${baseline.baseUrl}: shell ${baseline.sizes.shell.toFixed(1)} KB, ` +
        `form ${baseline.sizes.form.toFixed(1)} KB, form with widgets ${baseline.sizes.fullForm.toFixed(1)} KB ` +
        'of JavaScript (gzip -9)',
    );
    chrome = await launch({
      chromePath: CHROMIUM_PATH,
      userDataDir,
      chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
      logLevel: 'error',
    });
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0];
    if (!context) throw new Error('the browser has no default context');
    const helper = await context.newPage();
    helper.setDefaultTimeout(60_000);
    await signIn(browser, helper, baseUrl);
    const ticketId = await createTicket(helper, baseUrl);
    // The server's first answers (a form's validator module is generated on its first request)
    // are not what a visitor meets on a running portal: visit each page once before measuring.
    for (const path of ['/AP/Form', `/AP/${ticketId}`, '/']) {
      // not 'networkidle': a signed-in page keeps its notification stream open
      await helper.goto(`${baseUrl}${path}`);
      await helper.getByRole('heading', { level: 1 }).first().waitFor();
    }
    await helper.goto('about:blank');

    const portalPages = (
      [
        { label: '/Forms', path: '/Forms', signedIn: true, floors: ['stock shell'] },
        { label: '/AP/Form', path: '/AP/Form', signedIn: true, floors: ['stock form', 'stock form with widgets'] },
        { label: '/AP/{id}', path: `/AP/${ticketId}`, signedIn: true, floors: ['stock shell'] },
        { label: '/ (signed out)', path: '/', signedIn: false, floors: ['stock shell'] },
      ] satisfies PageCase[]
    ).filter((p) => !ONLY || p.label.includes(ONLY));
    const floors = new Map<Floor, PageCase>(
      portalPages.flatMap(({ floors: its }) =>
        its.map((floor) => [
          floor,
          { label: `${floor} (floor)`, path: FLOOR_PATHS[floor], signedIn: false, isFloor: true },
        ]),
      ),
    );
    const pages: PageCase[] = [...portalPages, ...floors.values()];
    const originOf = (pageCase: PageCase) => (pageCase.isFloor ? baseline.baseUrl : baseUrl);

    console.log(
      `Lighthouse on ${baseUrl}, ${CHROMIUM_PATH}, ${RUNS} run(s) per page and preset (${PRESETS.join(', ')})`,
    );
    console.log(HEADER);
    if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
    const chromePort = chrome.port;

    /** One Lighthouse run of `pageCase` from a cold start. */
    const measure = async (pageCase: PageCase, preset: Preset, run: number): Promise<RunFigures> => {
      const origin = originOf(pageCase);
      const prepare = async () => {
        if (pageCase.signedIn) {
          await helper.goto(`${baseUrl}/api/health`);
          if ((await tokenLifeLeft(helper)) < 6 * 60_000) await signIn(browser!, helper, baseUrl);
        }
        await coldStart(helper, origin, pageCase.signedIn);
        await helper.goto('about:blank');
      };
      await prepare();
      const flags: Flags = {
        port: chromePort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: true,
      };
      const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
      let lhr: Result | undefined;
      // A run whose trace came out unusable (NO_NAVSTART, NO_FCP: seen on this busy machine) is
      // tried again, at most twice.
      for (let attempt = 1; !lhr; attempt += 1) {
        const outcome = await withTimeout(
          lighthouse(`${origin}${pageCase.path}`, flags, config),
          RUN_TIMEOUT_MS,
          `Lighthouse on ${pageCase.path}`,
        );
        if (!outcome) throw new Error(`Lighthouse returned nothing for ${pageCase.path}`);
        if (!outcome.lhr.runtimeError) lhr = outcome.lhr;
        else if (attempt >= 3) throw new Error(`Lighthouse on ${pageCase.path}: ${outcome.lhr.runtimeError.message}`);
        else console.log(`    (run again: ${outcome.lhr.runtimeError.code})`);
        if (!lhr) await prepare();
      }
      if (!lhr.finalDisplayedUrl.startsWith(`${origin}${pageCase.path}`))
        throw new Error(`${pageCase.path} ended on ${lhr.finalDisplayedUrl} (signed out?)`);
      const figures = figuresOf(lhr);
      const floorMisses = pageCase.isFloor && belowPerformanceTarget(figures, preset);
      console.log(
        `${row(`${pageCase.label} ${preset} ${run}`, figures)}${floorMisses ? '  (floor below the target)' : ''}`,
      );
      if (!pageCase.isFloor && missesTarget(figures, preset)) for (const line of diagnosis(lhr)) console.log(line);
      if (REPORT_DIR) {
        const name = `${pageCase.label.replace(/[^\w]+/g, '_')}-${preset}-${run}.json`;
        writeFileSync(join(REPORT_DIR, name), JSON.stringify(lhr));
      }
      return figures;
    };

    // Runs interleaved: every page (and its floor) once per round, so a change in the machine's
    // load falls on all of them alike.
    const runsOf = new Map<string, RunFigures[]>();
    const key = (pageCase: PageCase, preset: Preset) => `${pageCase.label}|${preset}`;
    for (const preset of PRESETS) {
      for (let run = 1; run <= RUNS; run += 1) {
        for (const pageCase of pages) {
          const figures = await measure(pageCase, preset, run);
          const runs = runsOf.get(key(pageCase, preset)) ?? [];
          runs.push(figures);
          runsOf.set(key(pageCase, preset), runs);
        }
      }
    }

    console.log('\nWorst of the runs per page and preset (lowest score, highest LCP, TBT and CLS):');
    console.log(HEADER);
    for (const preset of PRESETS) {
      for (const pageCase of pages) {
        const runs = runsOf.get(key(pageCase, preset)) ?? [];
        const worst: RunFigures = {
          performance: Math.min(...runs.map((r) => r.performance)),
          accessibility: Math.min(...runs.map((r) => r.accessibility)),
          bestPractices: Math.min(...runs.map((r) => r.bestPractices)),
          lcpMs: Math.max(...runs.map((r) => r.lcpMs)),
          tbtMs: Math.max(...runs.map((r) => r.tbtMs)),
          cls: Math.max(...runs.map((r) => r.cls)),
        };
        let verdict = '';
        if (pageCase.isFloor && belowPerformanceTarget(worst, preset)) verdict = '  floor below the target';
        else if (!pageCase.isFloor && missesTarget(worst, preset)) verdict = '  misses a target';
        console.log(`${row(`${pageCase.label} ${preset}`, worst)}${verdict}`);
      }
    }

    console.log(
      "\nAgainst the stack's floor (medians of the runs; performance ours ÷ floor, LCP and TBT ours − floor):",
    );
    for (const preset of PRESETS) {
      for (const [pageCase, floor] of portalPages.flatMap((p) => p.floors.map((f) => [p, floors.get(f)] as const))) {
        if (!floor) continue;
        const ours = runsOf.get(key(pageCase, preset)) ?? [];
        const base = runsOf.get(key(floor, preset)) ?? [];
        const med = (runs: RunFigures[], pick: (r: RunFigures) => number) => median(runs.map(pick));
        const perf = [med(ours, (r) => r.performance), med(base, (r) => r.performance)] as const;
        const lcp = med(ours, (r) => r.lcpMs) - med(base, (r) => r.lcpMs);
        const tbt = med(ours, (r) => r.tbtMs) - med(base, (r) => r.tbtMs);
        console.log(
          `${`${pageCase.label} ${preset} vs ${floor.label}`.padEnd(52)} perf ${perf[0]} vs ${perf[1]} ` +
            `(${(perf[0] / perf[1]).toFixed(2)}×), LCP ${signed(lcp)} ms, TBT ${signed(tbt)} ms`,
        );
      }
    }
    console.log(
      `Targets: performance ≥ ${TARGETS.performance.desktop} desktop, ≥ ${TARGETS.performance.mobile} mobile; ` +
        `accessibility ${TARGETS.accessibility}; best practices ≥ ${TARGETS.bestPractices}; CLS ≤ ${TARGETS.cls}. ` +
        'LCP and TBT are simulated (Lighthouse throttling) and move with the machine’s load. A floor below a ' +
        'target: no page on this stack reaches it under the same throttling.',
    );
  } finally {
    await browser?.close().catch(() => undefined);
    chrome?.kill();
    await portal?.stop().catch(() => undefined);
    await stock?.close().catch(() => undefined);
    if (portal) rmSync(portal.dataDir, { recursive: true, force: true });
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

await main();
