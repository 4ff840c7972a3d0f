/**
 * Screenshots of the pages people use every day, at a phone's width (375 px) and a laptop's
 * (1280 px), as a requester and as a handler, compared with the baselines in __screenshots__/
 * (`npm run test:visual`; `npm run test:visual:update` writes them anew: docs/testing.md).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test, USERS, type VisualWorld } from './support/fixtures';
import { visualFontReady } from './support/fonts';

type VisualPage = {
  name: string;
  path: (world: VisualWorld) => string;
  /** Visible once the page has drawn its content. */
  ready: (page: Page, world: VisualWorld) => Locator;
  /** What else differs from run to run, covered in the screenshot (see EVERY_PAGE_MASK). */
  mask?: (page: Page) => Locator[];
};

const PAGES: VisualPage[] = [
  {
    name: 'home',
    path: () => '/',
    ready: (page) => page.getByRole('heading', { level: 1 }).first(),
  },
  {
    name: 'forms',
    path: () => '/Forms',
    ready: (page) => page.getByRole('heading', { name: 'Accounting', level: 2 }),
  },
  {
    name: 'tickets',
    path: () => '/Tickets',
    ready: (page) => page.getByRole('heading', { level: 1 }).first(),
  },
  {
    name: 'changes',
    path: () => '/Changes',
    ready: (page) => page.getByRole('heading', { level: 1 }).first(),
  },
  {
    name: 'ap-form',
    path: () => '/AP/Form',
    ready: (page) => page.locator('form .form-group').first(),
  },
  {
    name: 'ticket',
    path: (world) => `/AP/${world.ticket.id}`,
    ready: (page, world) => page.getByRole('heading').filter({ hasText: world.ticket.number }).first(),
  },
];

const WIDTHS = [375, 1280] as const;

/**
 * Masked on every page: generated ids (UUIDs, `crypto.randomUUID` on the server, which the frozen
 * clock does not make the same) if a page ever shows one. Times need no mask (frozen clocks).
 */
const EVERY_PAGE_MASK = (page: Page): Locator[] => [
  page.getByText(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i),
];

for (const user of USERS) {
  for (const visual of PAGES) {
    for (const width of WIDTHS) {
      test(`${visual.name} as ${user} at ${width} px`, async ({ openPage, world }) => {
        const page = await openPage(user, width, visual.path(world));
        await expect(visual.ready(page, world)).toBeVisible();
        await page.waitForLoadState('networkidle');
        await visualFontReady(page);
        await expect(page).toHaveScreenshot(`${visual.name}-${user}-${width}.png`, {
          fullPage: true,
          mask: [...EVERY_PAGE_MASK(page), ...(visual.mask?.(page) ?? [])],
        });
      });
    }
  }
}
