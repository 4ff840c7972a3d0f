/**
 * `/test` (signed-in users): one form exercising every widget of the form engine — rich text,
 * date, time, date-time, select, multi-select, image display (loading and failing), help
 * tooltip, a conditional field, a repeating section with a conditional field in its rows and
 * attachments — plus success and failure toasts.
 * Nothing is submitted to the server: a submit shows the data the form would submit (picked
 * attachments are uploaded, as on every form, and stay unlinked until the orphan sweep).
 * The schema is ../widget-test.schema.json ("What else?" exists only while Kind is Other, "Damage"
 * only while a row is marked damaged); its precompiled validator is generated at build time
 * (scripts/lib/precompiled-validators.ts), as the server generates an area's.
 */
import { useState } from 'react';
import type { JsonObject, JsonValue } from '../../../../shared/json';
import { AreaForm } from '../../../form-engine/area-form';
import { createFormValidator, validatorFunctionsOf } from '../../../form-engine/validator';
import { toast } from '../../../lib/toast';
import schemaJson from '../widget-test.schema.json';
import validators from '../widget-test.schema.json?validator';
import { useDocumentTitle } from '../../../lib/document-title';
import { Button } from '../../../components/ui';

const BROKEN_IMAGE = '/no-such-image.png';
const PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const SCHEMA = schemaJson as JsonObject;
const VALIDATOR = createFormValidator(validatorFunctionsOf({ default: validators }), SCHEMA);

const UI_SCHEMA: JsonObject = {
  'ui:order': [
    'notes',
    'day',
    'time',
    'at',
    'kind',
    '*',
    'tags',
    'roleGroup',
    'photo',
    'missingPhoto',
    'rooms',
    'files',
  ],
  notes: { 'ui:widget': 'richText', 'ui:help': 'Bold, lists, headings, links and images are allowed.' },
  roleGroup: { 'ui:widget': 'select', 'ui:options': { optionsFrom: 'roleGroups' } },
  photo: { 'ui:widget': 'image' },
  missingPhoto: { 'ui:widget': 'image' },
  files: { 'ui:widget': 'attachments' },
};

const INITIAL: JsonObject = { photo: PIXEL_PNG, missingPhoto: BROKEN_IMAGE };

/** The widget test page. */
export function WidgetTestPage() {
  useDocumentTitle('Widget test');
  const [submitted, setSubmitted] = useState<JsonValue | null>(null);
  return (
    <>
      <h1>Widget test</h1>
      <AreaForm
        schema={SCHEMA}
        uiSchema={UI_SCHEMA}
        validator={VALIDATOR}
        initialFormData={INITIAL}
        onSubmit={(data) => {
          setSubmitted(data);
          toast.success('Test form submitted');
        }}
        actions={
          <Button type="button" onClick={() => toast.error('Test failure: nothing was submitted')}>
            Show a failure toast
          </Button>
        }
      />
      {submitted && (
        <section aria-label="Submitted data">
          <h2>Submitted data</h2>
          <pre id="submitted-data">{JSON.stringify(submitted, null, 2)}</pre>
        </section>
      )}
    </>
  );
}
