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
