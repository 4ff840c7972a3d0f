import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AreaForm } from '../../../../src/client/form-engine/area-form';
import type { AreaRule } from '../../../../src/shared/area-rules';
import type { JsonObject } from '../../../../src/shared/json';
import { precompiledValidator } from './support/precompiled-validator';

const schema: JsonObject = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      title: 'Items',
      items: { type: 'object', properties: { quantity: { type: 'integer' }, unitPrice: { type: 'number' } } },
    },
    notes: { type: 'array', items: { type: 'object', properties: { text: { type: 'string' } } } },
  },
};
const validator = precompiledValidator(schema);
const rules: AreaRule[] = [
  { rule: 'total', each: '/items', field: 'quantity', times: 'unitPrice', label: 'Order total' },
  { rule: 'total', each: '/items', field: 'unitPrice', label: 'Sum of prices' },
];
const data = {
  items: [
    { quantity: 3, unitPrice: 19.99 },
    { quantity: 250, unitPrice: 30 },
  ],
  notes: [{ text: 'x' }],
};

describe('ArrayWithTotalsTemplate (through AreaForm)', () => {
  it('shows each total of an array under it, as money, in a polite live region', () => {
    const html = renderToStaticMarkup(
      <AreaForm schema={schema} uiSchema={{}} validator={validator} rules={rules} initialFormData={data} />,
    );
    expect(html).toContain(
      '<p class="array-total" id="root_items__total" aria-live="polite" aria-atomic="true">Order total: <strong>7,559.97</strong></p>',
    );
    expect(html).toContain('id="root_items__total_1"');
    expect(html).toContain('Sum of prices: <strong>49.99</strong>');
    // only under the array the total adds up
    expect(html.match(/class="array-total"/g)).toHaveLength(2);
  });

  it('shows the totals on a read-only form too, and none without total rules', () => {
    const readonly = renderToStaticMarkup(
      <AreaForm schema={schema} uiSchema={{}} validator={validator} rules={rules} formData={data} readonly />,
    );
    expect(readonly).toContain('Order total: <strong>7,559.97</strong>');
    const without = renderToStaticMarkup(
      <AreaForm schema={schema} uiSchema={{}} validator={validator} initialFormData={data} />,
    );
    expect(without).not.toContain('array-total');
  });
});
