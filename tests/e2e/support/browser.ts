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
 * `serviceWorkers: 'block'` keeps the portal's service worker out, so request interception
 * (`page.route`) sees every request.
 */
export async function launchBrowser(options: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<BrowserContext> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'tm-e2e-chromium-'));
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
}
