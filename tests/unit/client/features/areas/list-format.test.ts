import { describe, expect, it } from 'vitest';
import type { AreaDefinition } from '../../../../../src/shared/area';
import type { JsonObject } from '../../../../../src/shared/json';
import { buildListColumns, columnValue, formatListValue } from '../../../../../src/client/features/areas/list-format';
import { formatDate, formatDateTime } from '../../../../../src/client/lib/date-format';

/** Intl may put a narrow no-break space before AM/PM; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

const area: Pick<AreaDefinition, 'schema' | 'uiSchema' | 'listColumns' | 'propertyField'> = {
  schema: {
    type: 'object',
    properties: {
      property: { type: 'string', title: 'Property' },
      vendor: { type: 'string', title: 'Vendor name' },
      invoiceDate: { type: 'string', format: 'date', title: 'Invoice date' },
      amount: { type: 'number', multipleOf: 0.01, title: 'Amount' },
      urgency: { type: 'string', enum: ['low', 'high'] },
      category: { type: 'string', oneOf: [{ const: 'hvac', title: 'Heating and cooling' }] },
    },
  },
  uiSchema: {
    property: { 'ui:options': { optionsFrom: 'properties' } },
    urgency: { 'ui:enumNames': ['Low', 'High'] },
  },
  listColumns: ['property', 'vendor', 'invoiceDate', 'amount', 'urgency', 'category', 'missing'],
  propertyField: 'property',
};

const columns = buildListColumns(area);
const column = (key: string) => {
  const found = columns.find((c) => c.key === key);
  if (!found) throw new Error(`no column ${key}`);
  return found;
};

describe('buildListColumns', () => {
  it('takes the area listColumns that exist in the schema, titled by the schema', () => {
    expect(columns.map((c) => [c.key, c.title])).toEqual([
      ['property', 'Property'],
      ['vendor', 'Vendor name'],
      ['invoiceDate', 'Invoice date'],
      ['amount', 'Amount'],
      ['urgency', 'urgency'],
      ['category', 'category'],
    ]);
    expect(column('property').isProperty).toBe(true);
    expect(column('vendor').isProperty).toBe(false);
  });
});

describe('formatListValue', () => {
  const propertyLabels = new Map([['P-1001', 'P-1001 — Maple Court Apartments']]);

  it('shows a property code with its name, or the bare code when unknown', () => {
    expect(formatListValue('P-1001', column('property'), { propertyLabels })).toBe('P-1001 — Maple Court Apartments');
    expect(formatListValue('P-9999', column('property'), { propertyLabels })).toBe('P-9999');
  });

  it('formats money with two decimals and digit grouping', () => {
    expect(formatListValue(1234.5, column('amount'))).toBe('1,234.50');
    expect(formatListValue(7, column('amount'))).toBe('7.00');
  });

  it('formats dates as calendar dates without a time-zone shift', () => {
    expect(formatListValue('2026-01-05', column('invoiceDate'))).toBe('Jan 5, 2026');
    expect(formatDate('2026-12-31')).toBe('Dec 31, 2026');
  });

  it('formats date-times in the given time zone', () => {
    expect(plain(formatDateTime('2026-01-05T15:04:00Z', 'UTC'))).toBe('Jan 5, 2026, 3:04 PM');
    expect(plain(formatDateTime('2026-01-05T15:04:00Z', 'America/New_York'))).toBe('Jan 5, 2026, 10:04 AM');
  });

  it('shows enums as text: ui:enumNames, oneOf titles, or the value', () => {
    expect(formatListValue('high', column('urgency'))).toBe('High');
    expect(formatListValue('hvac', column('category'))).toBe('Heating and cooling');
    const bare = { schema: { type: 'string', enum: ['a'] } as JsonObject, uiSchema: {}, isProperty: false };
    expect(formatListValue('a', bare)).toBe('a');
  });

  it('shows booleans, arrays, empties and long text readably', () => {
    const any = (schema: JsonObject) => ({ schema, uiSchema: {}, isProperty: false });
    expect(formatListValue(true, any({ type: 'boolean' }))).toBe('Yes');
    expect(formatListValue(false, any({ type: 'boolean' }))).toBe('No');
    expect(formatListValue(['a', 'b'], any({ type: 'array', items: { type: 'string' } }))).toBe('a, b');
    expect(formatListValue([{ x: 1 }, { x: 2 }], any({ type: 'array' }))).toBe('2 items');
    expect(formatListValue(undefined, any({ type: 'string' }))).toBe('');
    expect(formatListValue(null, any({ type: 'string' }))).toBe('');
    const long = formatListValue('word '.repeat(40), any({ type: 'string' }));
    expect(long.length).toBe(80);
    expect(long.endsWith('…')).toBe(true);
    expect(formatListValue('<p>Leaking <b>pipe</b></p>', any({ type: 'string' }))).toBe('Leaking pipe');
  });
});

describe('buildListColumns beyond plain properties', () => {
  it('finds columns declared through $ref, then/else and dependencies, titled by the referenced schema', () => {
    const columns = buildListColumns({
      schema: {
        type: 'object',
        definitions: { money: { type: 'number', multipleOf: 0.01, title: 'Deposit' } },
        properties: { deposit: { $ref: '#/definitions/money' } },
        if: { properties: { deposit: { minimum: 1000 } } },
        then: { properties: { approver: { type: 'string', title: 'Approver' } } },
      },
      uiSchema: {},
      listColumns: ['deposit', 'approver'],
    });
    expect(columns.map((c) => [c.key, c.title])).toEqual([
      ['deposit', 'Deposit'],
      ['approver', 'Approver'],
    ]);
    expect(formatListValue(columnValue({ deposit: 1500 }, columns[0] ?? { key: '' }), columns[0] ?? column('amount'))).toBe('1,500.00');
  });

  it('gives a form of one field one column: the value itself, titled by the schema', () => {
    const [only, ...rest] = buildListColumns({
      schema: { type: 'array', title: 'Rooms to inspect', items: { type: 'string' } },
      uiSchema: {},
      listColumns: [],
    });
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ key: '', isRoot: true, title: 'Rooms to inspect' });
    expect(formatListValue(columnValue(['101', '102B'], only ?? { key: '' }), only ?? column('amount'))).toBe('101, 102B');
    const [untitled] = buildListColumns({ schema: { type: 'string' }, uiSchema: {}, listColumns: [] });
    expect(untitled?.title).toBe('Value');
    expect(columnValue('hello', untitled ?? { key: '' })).toBe('hello');
  });
});
