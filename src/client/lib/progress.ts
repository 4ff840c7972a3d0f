/**
 * The navigation and data-loading progress bar (nprogress), configured once: throttle 200 ms (work that ends sooner shows nothing), duration
 * 5000 ms (the bar fills at a steady rate to reach the end after 5 s), a tick every 100 ms and a
 * hide delay of 500 ms once all work has finished.
 *
 * Several loads may overlap (a navigation and the page's data): the bar stays up while any of
 * them runs. {@link startProgress} returns the function that ends that one piece of work.
 */
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

/** Work that ends sooner than this shows no bar (throttle), in ms. */
export const PROGRESS_THROTTLE_MS = 200;
/** Time the bar takes to fill while work goes on (duration), in ms. */
export const PROGRESS_DURATION_MS = 5000;
/** How often the bar advances (tick), in ms. */
export const PROGRESS_TICK_MS = 100;
/** How long the full bar stays before it is removed (hide delay), in ms. */
export const PROGRESS_HIDE_DELAY_MS = 500;

/** The bar never reaches the end by ticking alone: the last 1 % is the finished work's. */
const MAX_TICKED = 0.99;

// nprogress's own template marks the bar `role="bar"`, which is no ARIA role (axe: aria-roles); the
// bar is decoration (the page says "Loading…" itself), so it is hidden from assistive technology.
NProgress.configure({
  showSpinner: false,
  trickle: false,
  minimum: 0.01,
  speed: PROGRESS_HIDE_DELAY_MS,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
  spinnerSelector: '.spinner',
});

let active = 0;
let throttleTimer: number | undefined;
let tickTimer: number | undefined;
let startedAt = 0;

function show(): void {
  throttleTimer = undefined;
  startedAt = Date.now();
  NProgress.start();
  tickTimer = window.setInterval(() => {
    NProgress.set(Math.min(MAX_TICKED, (Date.now() - startedAt) / PROGRESS_DURATION_MS));
  }, PROGRESS_TICK_MS);
}

function finish(): void {
  if (throttleTimer !== undefined) {
    window.clearTimeout(throttleTimer);
    throttleTimer = undefined;
  }
  if (tickTimer !== undefined) {
    window.clearInterval(tickTimer);
    tickTimer = undefined;
  }
  // nprogress fades the full bar out over `speed` ms, then removes it: that is the hide delay.
  if (NProgress.isStarted()) NProgress.done();
}

/**
 * Marks the start of one piece of work (a navigation or a data load). The bar appears only when
 * work has been running for {@link PROGRESS_THROTTLE_MS}. Returns the function ending this piece
 * of work (calling it twice is harmless); the bar completes when no work is left.
 */
export function startProgress(): () => void {
  active += 1;
  if (active === 1 && !NProgress.isStarted() && throttleTimer === undefined) {
    throttleTimer = window.setTimeout(show, PROGRESS_THROTTLE_MS);
  }
  let isEnded = false;
  return () => {
    if (isEnded) return;
    isEnded = true;
    active -= 1;
    if (active === 0) finish();
  };
}

/** Shows progress while `promise` is pending (after the throttle) and returns it unchanged. */
export function trackProgress<T>(promise: Promise<T>): Promise<T> {
  const end = startProgress();
  promise.then(end, end);
  return promise;
}
