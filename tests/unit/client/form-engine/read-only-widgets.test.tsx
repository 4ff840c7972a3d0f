import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AreaForm } from '../../../../src/client/form-engine/area-form';
import { widgetModulesFor } from '../../../../src/client/form-engine/widget-needs';
import { READ_ONLY_WIDGETS } from '../../../../src/client/form-engine/widgets/read-only-widgets';
import { loadedWidgetModule } from '../../../../src/client/form-engine/widgets/widget-modules';
import type { JsonObject } from '../../../../src/shared/json';
import { precompiledValidator } from './support/precompiled-validator';

const schema: JsonObject = {
  type: 'object',
  properties: {
    method: { type: 'string', title: 'Payment method', enum: ['check', 'ach', 'wire'] },
    bank: {
      type: 'string',
      title: 'Bank',
      oneOf: [
        { const: 'first', title: 'First National' },
        { const: 'second', title: 'Second Federal' },
      ],
    },
    unset: { type: 'string', title: 'Unset', enum: ['a', 'b'] },
    tags: {
      type: 'array',
      title: 'Tags',
      uniqueItems: true,
      items: { type: 'string', enum: ['urgent', 'legal', 'tax'] },
    },
    invoiceDate: { type: 'string', format: 'date', title: 'Invoice date' },
    at: { type: 'string', format: 'date-time', title: 'At' },
    opens: { type: 'string', format: 'time', title: 'Opens' },
    emptyDate: { type: 'string', format: 'date', title: 'Empty date' },
  },
};
const formData = {
  method: 'ach',
  bank: 'second',
  tags: ['urgent', 'tax'],
  invoiceDate: '2026-03-02',
  at: '2026-03-05T15:04:00Z',
  opens: '14:30:00',
};

/** The markup of `schema` shown read-only with `formData`, in one pass (no widget module loads first). */
function readOnlyHtml(): string {
  return renderToStaticMarkup(
    <AreaForm
      schema={schema}
      uiSchema={{}}
      validator={precompiledValidator(schema)}
      formData={formData}
      readonly
      readOnlyWidgets={READ_ONLY_WIDGETS}
    />,
  ).replace(/[\u202f\u00a0]/g, ' ');
}

describe('the select and the pickers of a read-only form', () => {
  it('need no widget module, while the editable form needs the select and the pickers', () => {
    expect(widgetModulesFor(schema, {}, { readonly: true })).toEqual([]);
    expect(widgetModulesFor(schema, {}, { readonly: false })).toEqual(['select', 'datePicker']);
  });

  it('show the chosen options in disabled selects, without choices.js', () => {
    const html = readOnlyHtml();
    expect(loadedWidgetModule('select')).toBeUndefined();
    expect(html).toMatch(/<select id="root_method" name="root_method" disabled="" class="form-control"[^>]*>/);
    expect(html).toMatch(/<option value="1" selected="">ach<\/option>/);
    expect(html).not.toContain('>check<');
    expect(html).toMatch(/<option value="1" selected="">Second Federal<\/option>/);
    expect(html).not.toContain('First National');
    // nothing chosen: the placeholder, as the editable select shows it
    expect(html).toMatch(/<select id="root_unset"[^>]*><option value="" selected="">Choose…<\/option><\/select>/);
    expect(html).toMatch(/<select id="root_tags" name="root_tags" multiple="" disabled=""/);
    expect(html).toMatch(/<option value="0" selected="">urgent<\/option><option value="2" selected="">tax<\/option>/);
    expect(html).not.toContain('>legal<');
  });

  it('show dates and times as people read them in disabled inputs, without flatpickr', () => {
    const html = readOnlyHtml();
    expect(loadedWidgetModule('datePicker')).toBeUndefined();
    expect(html).toMatch(
      /<input id="root_invoiceDate" type="text" class="form-control" disabled=""[^>]*value="Mar 2, 2026"/,
    );
    expect(html).toMatch(/<input id="root_opens"[^>]*value="2:30 PM"/);
    expect(html).toMatch(/<input id="root_at"[^>]*value="Mar \d, 2026, \d{1,2}:04 [AP]M"/);
    expect(html).toMatch(/<input id="root_at"[^>]*data-format="date-time"/);
    expect(html).toMatch(/<input id="root_emptyDate"[^>]*placeholder=""[^>]*value=""/);
  });
});
