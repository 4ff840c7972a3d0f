/**
 * Work that should not compete with the first page: {@link afterPageLoad} runs it a while after
 * the window's `load` event (HTML Living Standard, "the end": `document.readyState` becomes
 * `complete` and `load` fires once the page's own scripts, styles and images are in).
 *
 * Why a delay after `load`: the pages load their route's chunks and their data by dynamic
 * `import()` and `fetch`, which do not hold `load` back, so `load` comes before a page is drawn
 * (on the ticket page ~260 ms after navigation, its heading ~480 ms, unslowed). What waits here
 * (the offline worker's registration, whose install downloads every file of the app) then starts
 * once the page has had time to finish (docs/performance.md "The offline worker after the first
 * page").
 */

/** The window as {@link afterPageLoad} needs it. */
export type LoadableWindow = Pick<Window, 'addEventListener' | 'setTimeout'> & {
  document: Pick<Document, 'readyState'>;
};

/**
 * Calls `work` `delayMs` milliseconds after `win`'s `load` event, or `delayMs` from now when the
 * page has loaded already (`readyState` `complete`). Once.
 */
export function afterPageLoad(work: () => void, delayMs: number, win: LoadableWindow = window): void {
  const schedule = () => {
    win.setTimeout(work, delayMs);
  };
  if (win.document.readyState === 'complete') schedule();
  else win.addEventListener('load', schedule, { once: true });
}
