/** Dates and date-times as the portal shows them: the shared display rules (src/shared/display-format.ts). */
import { formatDateTime } from '../../shared/display-format';

export { formatDate, formatDateAndTime, formatDateTime } from '../../shared/display-format';

/**
 * Sets up the browser's internationalisation data ahead of the first date a page shows, in a
 * moment the main thread has nothing else to do (`requestIdleCallback`; a timer where the browser
 * has none). Chromium loads that data on the first `Intl` formatter a page makes: about 40 ms on
 * this project's test machine, which would otherwise fall inside the first render of a page with
 * a date (docs/performance.md "Lighthouse"). Idempotent; formatter set-ups are kept
 * (`dateTimeFormat`).
 */
export function prepareDateFormats(): void {
  const prepare = () => void formatDateTime(new Date(0).toISOString());
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(prepare, { timeout: 2_000 });
  else setTimeout(prepare, 0);
}
