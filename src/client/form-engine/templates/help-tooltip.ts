/**
 * The help tooltip of a field (`ui:help`): tippy.js with its stylesheet, in a chunk of its own that
 * only forms with help texts load (widgets/widget-modules.ts).
 */
import tippy, { type Instance, type Plugin } from 'tippy.js';
import 'tippy.js/dist/tippy.css';

/**
 * Escape hides the shown tooltip (WCAG 2.2 SC 1.4.13 "Content on Hover or Focus": dismissible
 * without moving the pointer or the focus); the `hideOnEsc` plugin of tippy.js's documentation
 * (https://atomiks.github.io/tippyjs/v6/plugins/).
 */
const hideOnEsc: Plugin = {
  name: 'hideOnEsc',
  defaultValue: true,
  fn(instance) {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') instance.hide();
    }
    return {
      onShow() {
        document.addEventListener('keydown', onKeyDown);
      },
      onHide() {
        document.removeEventListener('keydown', onKeyDown);
      },
    };
  },
};

/** A tooltip holding `text` (never HTML) beside `button`, shown at once and on hover, focus and click; Escape hides it. */
export function createHelpTooltip(button: HTMLElement, text: string): Instance {
  return tippy(button, {
    content: text,
    allowHTML: false,
    placement: 'right',
    trigger: 'mouseenter focus click',
    showOnCreate: true,
    plugins: [hideOnEsc],
  });
}
