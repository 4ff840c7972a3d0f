/**
 * Browser side of `npm run bench:lighthouse`'s stock form with the stack's widget libraries
 * (bundled by scripts/lib/lighthouse-baseline.ts with esbuild): the floor of a create page whose
 * form has a select, dates and rich text, as AP's has. The stock form (baseline-form-page.tsx)
 * plus the libraries the portal's widgets are built on — choices.js for the select, flatpickr for
 * the dates, slate and slate-react for the rich text — in the same one script, each loaded and
 * evaluated with the page and built on the field's first focus, as the portal's widgets build
 * theirs (a native select, a plain input and an empty box until then). The property list is
 * bundled in. No router, no session, no styles, no data requests, one script: whatever the
 * portal's create page does on top of this costs more.
 */
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema, WidgetProps } from '@rjsf/utils';
import Choices from 'choices.js';
import flatpickr from 'flatpickr';
import { useMemo, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { createEditor, type Descendant } from 'slate';
import { Editable, Slate, withReact } from 'slate-react';
import {
  createFormValidator,
  validatorFunctionsOf,
  type ValidatorModule,
} from '../../src/client/form-engine/validator';
import type { JsonObject } from '../../src/shared/json';
// a module made by scripts/lib/lighthouse-baseline.ts as it bundles this page (baseline-case.d.ts)
import { PROPERTIES, SCHEMA, TITLE, UI_SCHEMA, validators } from 'bench:baseline-case';

/**
 * The props of a native field that builds its library on the element at its first focus: its id,
 * its value as text, and rjsf's change handler fed from the element.
 */
function useBuiltOnFocus<T extends HTMLInputElement | HTMLSelectElement>(
  { id, value, onChange }: WidgetProps,
  build: (element: T) => void,
) {
  const built = useRef(false);
  return {
    id,
    value: typeof value === 'string' ? value : '',
    onChange: (event: ChangeEvent<T>) => onChange(event.target.value),
    onFocus: (event: FocusEvent<T>) => {
      if (built.current) return;
      built.current = true;
      build(event.currentTarget);
    },
  };
}

/** A native select until its first focus, then choices.js on it. */
function SelectWidget(props: WidgetProps) {
  const field = useBuiltOnFocus<HTMLSelectElement>(props, (element) => new Choices(element, { shouldSort: false }));
  return (
    <select {...field}>
      <option value="">Choose a property</option>
      {PROPERTIES.map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </select>
  );
}

/** A text input until its first focus, then flatpickr on it. */
function DateWidget(props: WidgetProps) {
  const field = useBuiltOnFocus<HTMLInputElement>(props, (element) =>
    flatpickr(element, { onChange: (_dates, text) => props.onChange(text) }),
  );
  return <input {...field} />;
}

const EMPTY: Descendant[] = [{ children: [{ text: '' }] } as Descendant];

function Editor() {
  const editor = useMemo(() => withReact(createEditor()), []);
  return (
    <Slate editor={editor} initialValue={EMPTY}>
      <Editable autoFocus />
    </Slate>
  );
}

/** An empty box until its first focus, then a slate editor in it. */
function RichTextWidget({ id, label }: WidgetProps) {
  const [editing, setEditing] = useState(false);
  return editing ? (
    <Editor />
  ) : (
    <div
      id={id}
      role="textbox"
      tabIndex={0}
      aria-label={label}
      aria-multiline="true"
      onFocus={() => setEditing(true)}
    />
  );
}

const validator = createFormValidator(
  validatorFunctionsOf({ default: validators } as ValidatorModule),
  SCHEMA as JsonObject,
);
const uiSchema = {
  ...(UI_SCHEMA as UiSchema),
  property: { 'ui:widget': SelectWidget },
  invoiceDate: { 'ui:widget': DateWidget },
  receivedDate: { 'ui:widget': DateWidget },
  dueDate: { 'ui:widget': DateWidget },
  notes: { 'ui:widget': RichTextWidget },
} satisfies UiSchema;
const container = document.getElementById('root');
if (!container) throw new Error('the page has no #root');
createRoot(container).render(
  <main>
    <h1>{TITLE}</h1>
    <Form schema={SCHEMA as RJSFSchema} uiSchema={uiSchema} validator={validator} />
  </main>,
);
