/**
 * The help tooltip of a field (`ui:help`): tippy.js with its stylesheet, in a chunk of its own that
 * only forms with help texts load (widgets/widget-modules.ts).
 */
import tippy, { type Instance } from 'tippy.js';
import 'tippy.js/dist/tippy.css';

/** A tooltip holding `text` (never HTML) beside `button`, shown at once and on hover, focus and click. */
export function createHelpTooltip(button: HTMLElement, text: string): Instance {
  return tippy(button, {
    content: text,
    allowHTML: false,
    placement: 'right',
    trigger: 'mouseenter focus click',
    showOnCreate: true,
  });
}
