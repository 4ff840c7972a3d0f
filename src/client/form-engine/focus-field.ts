/** Moving the keyboard focus to a form field after validation (client or server) failed. */

/**
 * Focuses the input with id `fieldId`, or the first input whose id starts with it (radio and
 * checkbox groups: `root_method-0`), on the next frame so React has rendered the error first.
 */
export function focusFieldById(fieldId: string): void {
  window.requestAnimationFrame(() => {
    const exact = document.getElementById(fieldId);
    const target =
      exact instanceof HTMLInputElement || exact instanceof HTMLSelectElement || exact instanceof HTMLTextAreaElement
        ? exact
        : document.querySelector<HTMLElement>(`[id^="${CSS.escape(fieldId)}"]:is(input, select, textarea, button)`);
    target?.focus();
  });
}

/** The class of the error summary (templates/error-list-template.tsx), which {@link focusErrorSummary} looks for. */
export const ERROR_SUMMARY_CLASS = 'error-summary';

/** Frames {@link focusErrorSummary} waits for the summary to render (a 422's errors arrive through state). */
const SUMMARY_WAIT_FRAMES = 10;

/**
 * Moves the focus to the error summary at the top of the form (GOV.UK Design System "Error
 * summary": after a submit that failed, client or server) once React has rendered it (waiting up
 * to {@link SUMMARY_WAIT_FRAMES} frames), scrolled into view. Without a summary by then, focuses
 * `fallbackFieldId`.
 */
export function focusErrorSummary(fallbackFieldId?: string, framesLeft = SUMMARY_WAIT_FRAMES): void {
  window.requestAnimationFrame(() => {
    const summary = document.querySelector<HTMLElement>(`.${ERROR_SUMMARY_CLASS}`);
    if (summary) {
      summary.scrollIntoView({ block: 'start' });
      summary.focus({ preventScroll: true });
    } else if (framesLeft > 0) focusErrorSummary(fallbackFieldId, framesLeft - 1);
    else if (fallbackFieldId) focusFieldById(fallbackFieldId);
  });
}
