import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AreaForm } from '../../../../src/client/form-engine/area-form';
import { setAtPath } from '../../../../src/client/form-engine/fields/buffered-row-field';
import type { JsonObject } from '../../../../src/shared/json';
import { precompiledValidator } from './support/precompiled-validator';

describe('setAtPath (a row applying an edit to its own copy)', () => {
  it('replaces the value at a nested path and leaves the original untouched', () => {
    const row = { room: 'Hall', items: [{ name: 'Lamp' }, { name: 'Desk' }] };
    const next = setAtPath(row, ['items', 1, 'name'], 'Chair');
    expect(next).toEqual({ room: 'Hall', items: [{ name: 'Lamp' }, { name: 'Chair' }] });
    expect(row.items[1]?.name).toBe('Desk');
    expect((next as typeof row).items[0]).toBe(row.items[0]);
  });

  it('removes an object key set to undefined (a cleared field), and keeps array slots as null', () => {
    expect(setAtPath({ room: 'Hall', note: 'x' }, ['note'], undefined)).toEqual({ room: 'Hall' });
    expect(setAtPath({ tags: ['a', 'b'] }, ['tags', 0], undefined)).toEqual({ tags: [null, 'b'] });
  });

  it('creates the containers a path runs through, and an empty path replaces the whole row', () => {
    expect(setAtPath(undefined, ['items', 0, 'name'], 'Lamp')).toEqual({ items: [{ name: 'Lamp' }] });
    expect(setAtPath({ room: 'Hall' }, [], { room: 'Loft' })).toEqual({ room: 'Loft' });
  });
});

describe('BufferedRowField (through AreaForm)', () => {
  const schema: JsonObject = {
    type: 'object',
    properties: {
      rows: {
        type: 'array',
        items: {
          type: 'object',
          properties: { damaged: { type: 'boolean' }, room: { type: 'string' } },
          if: { properties: { damaged: { const: true } }, required: ['damaged'] },
          then: { properties: { damage: { type: 'string' } } },
        },
      },
    },
  };
  const validator = precompiledValidator(schema);

  it('renders each row with its data and the fields its conditions resolve to', () => {
    const html = renderToStaticMarkup(
      <AreaForm schema={schema} uiSchema={{}} validator={validator} initialFormData={{ rows: [{ room: 'Hall', damaged: true }, { room: 'Loft' }] }} />,
    );
    expect(html).toContain('id="root_rows_0_room"');
    expect(html).toContain('value="Hall"');
    expect(html).toContain('id="root_rows_0_damage"');
    expect(html).not.toContain('id="root_rows_1_damage"');
  });

  it('renders the rows of a read-only form as rjsf does, without the buffering wrapper', () => {
    const html = renderToStaticMarkup(<AreaForm schema={schema} uiSchema={{}} validator={validator} readonly formData={{ rows: [{ room: 'Hall' }] }} />);
    expect(html).toContain('value="Hall"');
    expect(html).not.toContain('buffered-row');
  });
});
