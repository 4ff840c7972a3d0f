/**
 * The navigation progress bar (nprogress), configured once. Minimal hook-up for now: the app
 * shell issue (issue 8) adds the spec's duration and hide delay (spec §9).
 */
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

/** Navigations faster than this show no bar (spec §9 throttle). */
export const PROGRESS_THROTTLE_MS = 200;

NProgress.configure({ showSpinner: false, trickleSpeed: 100 });

/** Starts the bar after the throttle delay; returns a function that cancels or completes it. */
export function startProgress(): () => void {
  const timer = window.setTimeout(() => NProgress.start(), PROGRESS_THROTTLE_MS);
  return () => {
    window.clearTimeout(timer);
    if (NProgress.isStarted()) NProgress.done();
  };
}
