/**
 * Fixtures of the visual tests: one portal per run (a worker fixture; the suite runs in one
 * worker) on a fresh data folder, with the same content every time — a requester's AP ticket
 * submitted from schemas/AP/example.json — and the demo users signed in once through the built-in
 * identity provider; `openPage` opens a page as one of them at a given width, in the pinned font.
 */
import {
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { exampleWithFiles, submitFromPage } from '../../e2e/support/example-files';
import { useVisualFont } from './fonts';
import { BROWSER_NOW, startVisualPortal } from './portal';

/** `employee` (Emma) submits requests; `accounting` (Alex) handles the AP area. Password `demo` (README "Demo sign-ins"). */
export const USERS = ['employee', 'accounting'] as const;
export type VisualUser = (typeof USERS)[number];

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

export type VisualWorld = {
  baseUrl: string;
  /** The requester's AP ticket (`number` like `AP-000001`: the first in a fresh database). */
  ticket: { id: string; number: string };
  /** Cookies and local storage (the OpenID Connect session and tokens) of each signed-in user. */
  sessions: Record<VisualUser, StorageState>;
};

/** Everything that decides how a page is drawn, the same in every context the tests open. */
const CONTEXT_OPTIONS: BrowserContextOptions = {
  deviceScaleFactor: 1,
  locale: 'en-US',
  timezoneId: 'UTC',
  colorScheme: 'light',
  reducedMotion: 'reduce',
  // as in the e2e suite (tests/e2e/support/browser.ts): every request reaches page.route
  serviceWorkers: 'block',
};

async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ ...CONTEXT_OPTIONS, ...options });
  context.setDefaultTimeout(20_000);
  // the pages' Date stands still too (timers run): "how long ago" and "overdue" are the same every run
  await context.clock.setFixedTime(BROWSER_NOW);
  // An open event stream never ends a page's loading; answered at once, the bell polls instead.
  await context.route('**/api/notifications/stream', (route) => route.fulfill({ status: 204 }));
  return context;
}

/** Signs `username` in on a new page of `context` through the provider's page, starting from `path`. */
async function signIn(context: BrowserContext, baseUrl: string, username: string, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}${path}`);
  return page;
}

export const test = base.extend<
  { openPage: (user: VisualUser, width: number, path: string) => Promise<Page> },
  { world: VisualWorld }
>({
  world: [
    async ({ browser }, use) => {
      const portal = await startVisualPortal();
      try {
        const sessions = {} as Record<VisualUser, StorageState>;
        let ticket: VisualWorld['ticket'] | undefined;
        for (const user of USERS) {
          const context = await newContext(browser);
          const page = await signIn(context, portal.baseUrl, user, '/Forms');
          await page.getByRole('heading', { name: 'Accounting', level: 2 }).waitFor();
          if (user === 'employee') ticket = await submitFromPage(page, 'AP', await exampleWithFiles(page, 'AP'));
          sessions[user] = await context.storageState();
          await context.close();
        }
        if (!ticket) throw new Error('no ticket was submitted');
        await use({ baseUrl: portal.baseUrl, ticket, sessions });
      } finally {
        await portal.stop();
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  openPage: async ({ browser, world }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (user, width, path) => {
      const context = await newContext(browser, {
        storageState: world.sessions[user],
        viewport: { width, height: 800 },
      });
      contexts.push(context);
      await useVisualFont(context);
      const page = await context.newPage();
      await page.goto(`${world.baseUrl}${path}`);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect } from '@playwright/test';
