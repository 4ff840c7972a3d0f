/**
 * Launches Debian's Chromium through playwright-core (never a downloaded browser: the tests run
 * where only the distribution's package is installed) with headless, sandbox-free flags and a
 * fresh user-data directory, and closes it within a bounded time.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A fresh persistent Chromium context (its own `--user-data-dir`); close it with
 * {@link closeBrowser} when done. Launching gives up after 60 s (playwright's launch timeout).
 *
 * The portal's service worker is blocked unless a test asks for it (`serviceWorkers: 'allow'`,
 * only the offline and update tests: shell-pwa, shell-outbox, shell-update). With the worker
 * allowed, the first file of a clean CI run (sign-in.test.ts) wedged its whole context twice
 * (2026-11-23): one test stuck on the provider's sign-in page until vitest's 180 s timeout, then
 * every later test of the file hung the same way, 35 min in all — while the worker was still
 * precaching its 54 entries and the tests navigated on. The same context-wide wedge of a
 * driven reload against a worker writing to CacheStorage is known upstream (microsoft/playwright
 * #42273). Blocked, every request also reaches `page.route`. Blocking it is not the whole story:
 * with two busy loops beside the suite, sign-in.test.ts wedged the same way once in eight runs with
 * the worker blocked (a page on the provider's sign-in page until the 90 s test limit; cause not
 * found). Such a test now ends the file's browser (failure-report.ts), so the rest fail at once.
 */
export async function launchBrowser(options: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<BrowserContext> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'tm-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    serviceWorkers: options.serviceWorkers ?? 'block',
    timeout: 60_000,
  });
  openContexts.set(context, userDataDir);
  context.on('close', () => openContexts.delete(context));
  if (!notificationStreams) {
    // An open event stream is a request that never ends: Playwright's `networkidle`, which these
    // tests wait on, would never come. The stream answers 204 at once (no body: the bell counts it
    // as down and polls); not an error status, which Chromium logs as a console error that the
    // tests checking the console would catch.
    await context.route('**/api/notifications/stream', (route) => route.fulfill({ status: 204 }));
  }
  return context;
}

let notificationStreams = false;

/**
 * Lets the browsers launched from now on open the notification stream (`GET
 * /api/notifications/stream`), which every other test file answers with an empty 204 (see
 * {@link launchBrowser}); such a file must not wait on `networkidle` while a page is signed in.
 */
export function allowNotificationStreams(): void {
  notificationStreams = true;
}

/** Contexts made by {@link launchBrowser} and not closed yet, with their user-data directory. */
const openContexts = new Map<BrowserContext, string>();

/** Pids of the Chromium processes started with `userDataDir` (the browser's own and its helpers). */
function chromiumPids(userDataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.includes(`--user-data-dir=${userDataDir}`)) pids.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}

/**
 * Closes every tab of `context` once it has settled. A tab a test left on its way somewhere (the
 * sign-in redirect chain: `/Tickets` → `/login` → `/oidc/auth` → the provider's page) may be
 * mid-navigation, and Chromium can leave a `Page.close` issued at that moment unanswered forever
 * (seen in a debug log: `page.close` started as the tab committed the provider's page and never
 * returned; `page.close` has no timeout). So each tab first waits until no request is in flight
 * (the chain's every step is a request), then goes to `about:blank`, then closes; each wait is
 * bounded by the context's default timeout. A `goto` interrupted by the chain's own next step is
 * tried again (at most 3 times); one interrupted by a navigation to `about:blank` got there anyway.
 */
export async function closePages(context: BrowserContext): Promise<void> {
  for (const page of context.pages()) {
    await page.waitForLoadState('networkidle');
    for (let attempt = 1; ; attempt += 1) {
      try {
        await page.goto('about:blank');
        break;
      } catch (error) {
        const message = String(error);
        if (message.includes('interrupted by another navigation to "about:blank"')) break;
        if (attempt >= 3 || !message.includes('interrupted by another navigation')) throw error;
      }
    }
    await page.waitForURL('about:blank');
    await page.close();
  }
}

/**
 * Closes a context made by {@link launchBrowser}, and its browser, waiting at most `ms`.
 * `BrowserContext.close` has no timeout of its own: a browser that stopped answering would hold
 * an `afterAll` until vitest's hook timeout and stay behind as a process. When the close does not
 * finish in time, the browser's processes (found by their unique `--user-data-dir`) are killed.
 * Resolves `true` when the browser closed by itself.
 */
export async function closeBrowser(context: BrowserContext | undefined, ms = 15_000): Promise<boolean> {
  if (!context) return true;
  const userDataDir = openContexts.get(context);
  if (userDataDir === undefined) return true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const closed = await Promise.race([
    context.close().then(
      () => true,
      () => true,
    ),
    late,
  ]);
  clearTimeout(timer);
  if (!closed) {
    for (const pid of chromiumPids(userDataDir)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    openContexts.delete(context);
  }
  return closed;
}

/**
 * Closes every browser still open (each within {@link closeBrowser}'s bound). Called after a
 * browser test ran into its time limit (tests/e2e/support/failure-report.ts): a test that times
 * out has usually left its browser stuck, and the file's later tests, which share that browser,
 * would each wait for their own time limit on calls that have none (`page.close`,
 * `context.newPage`, `page.evaluate`). With the browser closed they fail at once, saying so.
 */
export async function closeAllBrowsers(): Promise<number> {
  const contexts = [...openContexts.keys()];
  await Promise.all(contexts.map((context) => closeBrowser(context)));
  return contexts.length;
}

/** `promise`'s text, its error as text, or `fallback` when it has not settled within `ms` (page calls without their own timeout). */
async function within(promise: Promise<string>, ms: number, fallback: string): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  try {
    return await Promise.race([promise.catch((error: unknown) => `(could not read the page: ${String(error)})`), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What every open tab of every open test browser shows: URL, title and the start of its visible
 * text, one block per tab. Printed when a browser test fails (tests/e2e/support/failure-report.ts),
 * so a CI log says what the page was showing. A tab whose renderer does not answer within 5 s is
 * reported as such instead of hanging the report (page.evaluate has no timeout of its own).
 */
export async function describeOpenPages(): Promise<string> {
  const blocks: string[] = [];
  for (const context of openContexts.keys()) {
    for (const page of context.pages()) {
      const url = page.url();
      const text = await within(
        page.evaluate(
          () => `${document.title} | ${(document.body?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 600)}`,
        ),
        5_000,
        '(the page did not answer within 5 s: renderer busy or hung)',
      );
      blocks.push(`- ${url}\n  ${text}`);
    }
  }
  return blocks.length ? blocks.join('\n') : '(no open tabs)';
}
