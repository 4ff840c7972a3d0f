import Form from '@rjsf/core';
import { asNumber, getDecimalSeparator, type RegistryFieldsType, type TemplatesType, type UiSchema } from '@rjsf/utils';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AreaForm } from '../../../../src/client/form-engine/area-form';
import {
  asDecimalNumber,
  DecimalNumberField,
  numberFromInput,
} from '../../../../src/client/form-engine/fields/number-field';
import { BaseInputTemplate } from '../../../../src/client/form-engine/templates/base-input-template';
import type { JsonObject } from '../../../../src/shared/json';
import { AREA_KEYS, NODE_WIDGETS, readAreaFile } from './support/area-files';
import { precompiledValidator } from './support/precompiled-validator';

type Value = Record<string, unknown>;

const WIDGETS = NODE_WIDGETS;

const OURS: { fields: RegistryFieldsType; templates: Partial<TemplatesType> } = {
  fields: { NumberField: DecimalNumberField },
  templates: { BaseInputTemplate },
};
const RJSF: typeof OURS = { fields: {}, templates: {} };

function markup(
  schema: JsonObject,
  uiSchema: JsonObject,
  formData: JsonObject | undefined,
  readonly: boolean,
  parts: typeof OURS,
): string {
  return renderToStaticMarkup(
    <Form<Value>
      schema={schema}
      uiSchema={uiSchema as UiSchema<Value>}
      validator={precompiledValidator(schema)}
      widgets={WIDGETS}
      fields={parts.fields}
      templates={parts.templates}
      formData={formData}
      readonly={readonly}
    />,
  );
}

/** Each `<input>`'s attributes in name order: rjsf spreads a widget's extra props before the computed ones, so `step` may come first. */
const sortedInputAttributes = (html: string): string =>
  html.replace(
    /<input ([^>]*?)\/?>/g,
    (_, attributes: string) => `<input ${(attributes.match(/[\w-]+(="[^"]*")?/g) ?? []).sort().join(' ')}>`,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('numbers read with a "." whatever the browser languages', () => {
  it('this runtime is one where rjsf itself uses "." (so the comparisons below compare like with like)', () => {
    expect(getDecimalSeparator()).toBe('.');
  });

  it('asDecimalNumber converts as rjsf asNumber does where the separator is "."', () => {
    const inputs: unknown[] = [
      '',
      null,
      '0',
      '3',
      '3.',
      '3.0',
      '3.07',
      '2.50',
      '2.5',
      '-4',
      '-4.25',
      '1e3',
      '12abc',
      'abc',
      ' 7 ',
      '.5',
      '0.000',
      '1,5',
      42,
      0.5,
    ];
    for (const input of inputs)
      expect([input, asDecimalNumber(input)]).toEqual([input, asNumber(input as string | null)]);
  });

  it('numberFromInput gives the form data rjsf NumberField gives for what is typed', () => {
    const cases: [unknown, unknown][] = [
      ['', undefined],
      ['3', 3],
      ['3.', 3],
      ['3.0', 3],
      ['3.07', 3.07],
      ['2.50', 2.5],
      ['100.', 100],
      ['10.0', 10],
      ['.5', 0.5],
      ['.', 0],
      ['-1.250', -1.25],
      ['7842.50', 7842.5],
      ['12abc', '12abc'],
      [5, 5],
    ];
    for (const [typed, data] of cases) expect([typed, numberFromInput(typed)]).toEqual([typed, data]);
  });

  it.each(AREA_KEYS)(
    '%s: the same inputs as rjsf renders where the separator is "." (empty, its example, read-only)',
    (area) => {
      const schema = readAreaFile(area, 'schema.json');
      const uiSchema = readAreaFile(area, 'ui.json');
      const example = readAreaFile(area, 'example.json');
      for (const [formData, readonly] of [
        [undefined, false],
        [example, false],
        [example, true],
      ] as const) {
        expect(sortedInputAttributes(markup(schema, uiSchema, formData, readonly, OURS))).toBe(
          sortedInputAttributes(markup(schema, uiSchema, formData, readonly, RJSF)),
        );
      }
    },
  );

  it('in a comma-decimal browser the form keeps number inputs with "." and never asks Intl for the separator', () => {
    vi.stubGlobal('navigator', { ...globalThis.navigator, languages: ['de-DE'], language: 'de-DE' });
    expect(getDecimalSeparator()).toBe(',');
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const schema: JsonObject = {
      type: 'object',
      properties: {
        amount: { type: 'number', title: 'Amount' },
        share: { type: 'number', multipleOf: 0.01 },
        count: { type: 'integer' },
      },
    };
    const html = renderToStaticMarkup(
      <AreaForm
        schema={schema}
        uiSchema={{}}
        validator={precompiledValidator(schema)}
        initialFormData={{ amount: 1.5, share: 0.25, count: 3 }}
      />,
    );
    expect(numberFormat).not.toHaveBeenCalled();
    const input = (id: string) => sortedInputAttributes(html).match(new RegExp(`<input [^>]*id="${id}"[^>]*>`))?.[0];
    expect(input('root_amount')).toMatch(/ step="any" type="number" value="1\.5">$/);
    expect(input('root_share')).toMatch(/ step="0\.01" type="number" value="0\.25">$/);
    expect(input('root_count')).toMatch(/ step="1" type="number" value="3">$/);
    // rjsf's own field and input, for the record: a text input showing "1,5" (what the portal's replace)
    const rjsfHtml = markup(schema, {}, { amount: 1.5 }, false, RJSF);
    expect(sortedInputAttributes(rjsfHtml)).toMatch(/<input [^>]*id="root_amount"[^>]* type="text" value="1,5">/);
  });
});
