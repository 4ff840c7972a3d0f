/**
 * Launches Debian's Chromium through playwright-core (never a downloaded browser) with the flags
 * DEVELOPERS.md requires and a fresh user-data directory.
 */
import { mkdtempSync } from 'node:fs';
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
 * A fresh persistent Chromium context (its own `--user-data-dir`); close it when done.
 *
 * The portal's service worker is blocked unless a test asks for it (`serviceWorkers: 'allow'`,
 * only the offline and update tests: shell-pwa, shell-outbox, shell-update). With the worker
 * allowed, the first file of a clean CI run (sign-in.test.ts) wedged its whole context twice
 * (2026-11-23): one test stuck on the provider's sign-in page until vitest's 180 s timeout, then
 * every later test of the file hung the same way, 35 min in all — while the worker was still
 * precaching its 54 entries and the tests navigated on. The same context-wide wedge of a
 * driven reload against a worker writing to CacheStorage is known upstream (microsoft/playwright
 * #42273). Blocked, every request also reaches `page.route`.
 */
export async function launchBrowser(options: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<BrowserContext> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'tm-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  return context;
}

/** Contexts made by {@link launchBrowser} and not closed yet (read by {@link describeOpenPages}). */
const openContexts = new Set<BrowserContext>();

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
  for (const context of openContexts) {
    for (const page of context.pages()) {
      const url = page.url();
      const text = await within(
        page.evaluate(() => `${document.title} | ${(document.body?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 600)}`),
        5_000,
        '(the page did not answer within 5 s: renderer busy or hung)',
      );
      blocks.push(`- ${url}\n  ${text}`);
    }
  }
  return blocks.length ? blocks.join('\n') : '(no open tabs)';
}
