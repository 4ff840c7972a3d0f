/** Swipe-to-dismiss arithmetic for toasts (a swipe of 80 px dismisses). */

/** Swipe distance that dismisses a toast. */
export const SWIPE_DISMISS_PX = 80;
/** Toast width from react-toastify's stylesheet (`--toastify-toast-width`). */
export const TOAST_WIDTH_PX = 320;

/**
 * react-toastify 11 measures the swipe as a percentage of the toast's width (`draggablePercent`),
 * so 80 px becomes 80 / width × 100, the width capped by the viewport on phones. Result 1–100.
 */
export function swipeDismissPercent(viewportWidthPx: number, toastWidthPx: number = TOAST_WIDTH_PX): number {
  const width = Math.max(1, Math.min(toastWidthPx, viewportWidthPx));
  return Math.max(1, Math.min(100, Math.round((SWIPE_DISMISS_PX / width) * 100)));
}
