/**
 * `/test` (signed-in users): one form exercising every widget of the form engine — rich text,
 * date, time, date-time, select, multi-select, image display (loading and failing), help
 * tooltip, a conditional field, a repeating section with a conditional field in its rows and
 * attachments — plus success and failure toasts.
 * Nothing is submitted to the server: a submit shows the data the form would submit (picked
 * attachments are uploaded, as on every form, and stay unlinked until the orphan sweep).
 */
import { useState } from 'react';
import type { JsonObject, JsonValue } from '../../../../shared/json';
import { AreaForm } from '../../../form-engine/area-form';
import { toast } from '../../../lib/toast';

const BROKEN_IMAGE = '/no-such-image.png';
const PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const SCHEMA: JsonObject = {
  type: 'object',
  title: 'Widget test',
  required: ['notes', 'day', 'kind'],
  properties: {
    notes: { type: 'string', title: 'Notes (rich text)', minLength: 1, maxLength: 10000 },
    day: { type: 'string', title: 'Day', format: 'date', formatMinimum: '2020-01-01', formatMaximum: '2030-12-31' },
    time: { type: 'string', title: 'Time', format: 'time' },
    at: { type: 'string', title: 'Date and time', format: 'date-time' },
    kind: { type: 'string', title: 'Kind', enum: ['Leak', 'Noise', 'Other'] },
    tags: { type: 'array', title: 'Tags', uniqueItems: true, items: { type: 'string', enum: ['Urgent', 'Outdoor', 'Repeat'] } },
    roleGroup: { type: 'string', title: 'Role group (from the API)' },
    photo: { type: 'string', title: 'Photo' },
    missingPhoto: { type: 'string', title: 'Missing photo' },
    rooms: {
      type: 'array',
      title: 'Rooms',
      items: {
        type: 'object',
        required: ['room'],
        properties: { room: { type: 'string', title: 'Room' }, damaged: { type: 'boolean', title: 'Damaged' } },
        // conditional field inside a row: "Damage" exists only while the row is marked damaged
        if: { properties: { damaged: { const: true } }, required: ['damaged'] },
        then: { properties: { damage: { type: 'string', title: 'Damage', minLength: 1 } }, required: ['damage'] },
      },
    },
    files: {
      type: 'array',
      title: 'Files',
      items: {
        type: 'object',
        required: ['id', 'name', 'size', 'mediaType'],
        properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, size: { type: 'integer', minimum: 0 }, mediaType: { type: 'string' } },
      },
    },
  },
  // conditional field: "What else?" exists only while Kind is Other
  if: { properties: { kind: { const: 'Other' } }, required: ['kind'] },
  then: { properties: { other: { type: 'string', title: 'What else?', minLength: 1 } }, required: ['other'] },
};

const UI_SCHEMA: JsonObject = {
  'ui:order': ['notes', 'day', 'time', 'at', 'kind', '*', 'tags', 'roleGroup', 'photo', 'missingPhoto', 'rooms', 'files'],
  notes: { 'ui:widget': 'richText', 'ui:help': 'Bold, lists, headings, links and images are allowed.' },
  roleGroup: { 'ui:widget': 'select', 'ui:options': { optionsFrom: 'roleGroups' } },
  photo: { 'ui:widget': 'image' },
  missingPhoto: { 'ui:widget': 'image' },
  files: { 'ui:widget': 'attachments' },
};

const INITIAL: JsonObject = { photo: PIXEL_PNG, missingPhoto: BROKEN_IMAGE };

/** The widget test page. */
export function WidgetTestPage() {
  const [submitted, setSubmitted] = useState<JsonValue | null>(null);
  return (
    <>
      <h1>Widget test</h1>
      <AreaForm
        schema={SCHEMA}
        uiSchema={UI_SCHEMA}
        initialFormData={INITIAL}
        onSubmit={(data) => {
          setSubmitted(data);
          toast.success('Test form submitted');
        }}
        actions={
          <button type="button" className="button" onClick={() => toast.error('Test failure: nothing was submitted')}>
            Show a failure toast
          </button>
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
