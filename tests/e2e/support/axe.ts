/**
 * axe-core checks for browser tests, with the WCAG 2.2 AA tags accessibility.test.ts uses.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The serious and critical violations axe finds on `page` as it is now (inside `include`, a CSS
 * selector, default `main`), as readable lines `state: impact rule (count) targets`; [] when clean.
 */
export async function seriousViolations(page: Page, state: string, include = 'main'): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).include(include).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ');
      return `${state}: ${violation.impact} ${violation.id} (${violation.nodes.length}) ${targets}`;
    });
}

/** Whether the page scrolls sideways: its content is wider than the viewport (WCAG 2.2 SC 1.4.10). */
export async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}
