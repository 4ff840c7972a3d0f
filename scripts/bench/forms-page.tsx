/**
 * Browser side of `npm run bench:forms` (bundled by scripts/bench-forms.ts with esbuild): mounts
 * the portal's AreaForm (with the case's precompiled validator module) or stock @rjsf/core
 * (default validator, default widgets) with the same schema and data, and times mount and
 * keystrokes. Exposes `window.formsBench`.
 */
import Form from '@rjsf/core';
import type { UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { AreaForm } from '../../src/client/form-engine/area-form';
import { widgetModulesFor } from '../../src/client/form-engine/widget-needs';
import { loadWidgetModules } from '../../src/client/form-engine/widgets/widget-modules';
import {
  createFormValidator,
  validatorFunctionsOf,
  type FormValidator,
  type ValidatorModule,
} from '../../src/client/form-engine/validator';
import type { JsonObject } from '../../src/shared/json';

type Renderer = 'ours' | 'stock';
type Case = {
  schema: JsonObject;
  uiSchema: JsonObject;
  stockUiSchema: JsonObject;
  data: JsonObject;
  validatorModule: string;
};

let root: Root | null = null;
let current: (Case & { validator: FormValidator }) | null = null;

/**
 * Sets the case to run (JSON text: the same schema object is then reused by every mount), loads
 * the widget modules its form uses, as the create page does before the form renders, and its
 * precompiled validator module.
 */
async function load(json: string): Promise<void> {
  const test = JSON.parse(json) as Case;
  await loadWidgetModules(widgetModulesFor(test.schema, test.uiSchema, { readonly: false }));
  const url = URL.createObjectURL(new Blob([test.validatorModule], { type: 'text/javascript' }));
  const module = (await import(/* @vite-ignore */ url)) as ValidatorModule;
  current = { ...test, validator: createFormValidator(validatorFunctionsOf(module), test.schema) };
}
let container: HTMLElement | null = null;

function mount(renderer: Renderer): number {
  const test = current;
  if (!test) throw new Error('load() a case first');
  container?.remove();
  container = document.createElement('div');
  document.body.append(container);
  const started = performance.now();
  root = createRoot(container);
  flushSync(() => {
    if (!root) return;
    if (renderer === 'ours') {
      root.render(
        <AreaForm
          schema={test.schema}
          uiSchema={test.uiSchema}
          validator={test.validator}
          initialFormData={test.data}
          onSubmit={() => undefined}
        />,
      );
    } else {
      root.render(
        <Form
          schema={test.schema}
          uiSchema={test.stockUiSchema as UiSchema}
          validator={validator}
          formData={test.data}
          onChange={() => undefined}
        />,
      );
    }
  });
  return performance.now() - started;
}

function unmount(): void {
  root?.unmount();
  root = null;
  container?.remove();
  container = null;
}

/** A macrotask boundary without setTimeout's 4 ms clamp: React has committed everything by then. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

// React tracks an input's value through the instance; the prototype's setter is what a user's typing reaches.
// eslint-disable-next-line @typescript-eslint/unbound-method
const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/** Types `count` characters into `#<inputId>`; per keystroke, ms from the input event to the committed render. */
async function type(inputId: string, count: number): Promise<number[]> {
  const input = document.getElementById(inputId);
  if (!(input instanceof HTMLInputElement) || !setValue) throw new Error(`no input #${inputId}`);
  input.focus();
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    await nextTask();
    const started = performance.now();
    setValue.call(input, `${input.value}${String.fromCharCode(97 + (index % 26))}`);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await nextTask();
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * Moves the focus from `#<inputId>` to the page body; ms from the blur to the committed render. For
 * our renderer this is when a repeating-section row hands its edits to the form (one full change).
 */
async function blur(inputId: string): Promise<number> {
  const input = document.getElementById(inputId);
  if (!(input instanceof HTMLInputElement)) throw new Error(`no input #${inputId}`);
  await nextTask();
  const started = performance.now();
  input.blur();
  await nextTask();
  return performance.now() - started;
}

declare global {
  // Declaration merging with the DOM's Window needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    formsBench: {
      load: typeof load;
      mount: typeof mount;
      unmount: typeof unmount;
      type: typeof type;
      blur: typeof blur;
    };
  }
}

window.formsBench = { load, mount, unmount, type, blur };
