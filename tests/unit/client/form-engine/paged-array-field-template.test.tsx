import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AreaForm } from '../../../../src/client/form-engine/area-form';
import type { JsonObject } from '../../../../src/shared/json';
import { precompiledValidator } from './support/precompiled-validator';

const schema: JsonObject = {
  type: 'object',
  properties: {
    rows: { type: 'array', title: 'Rows', items: { type: 'object', properties: { item: { type: 'string' } } } },
  },
};
const validator = precompiledValidator(schema);
const rows = (n: number) => ({ rows: Array.from({ length: n }, (_, index) => ({ item: `Item ${index + 1}` })) });

describe('PagedArrayFieldTemplate (through AreaForm)', () => {
  it('renders a 120-row section as its first 50 rows with a pager', () => {
    const html = renderToStaticMarkup(<AreaForm schema={schema} uiSchema={{}} validator={validator} initialFormData={rows(120)} />);
    expect(html).toContain('id="root_rows_49_item"');
    expect(html).not.toContain('id="root_rows_50_item"');
    expect(html).toContain('Rows 1–50 of 120');
    expect(html).toContain('Next rows');
  });

  it('renders a section of 50 rows or fewer whole, without a pager', () => {
    const html = renderToStaticMarkup(<AreaForm schema={schema} uiSchema={{}} validator={validator} initialFormData={rows(50)} />);
    expect(html).toContain('id="root_rows_49_item"');
    expect(html).not.toContain('Next rows');
  });
});
