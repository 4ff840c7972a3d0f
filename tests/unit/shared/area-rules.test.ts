import { describe, expect, it } from 'vitest';
import {
  checkAreaRules,
  describeRuleProblems,
  totalCents,
  totalsOf,
  type AreaRule,
  type CompareOp,
  type TotalRule,
} from '../../../src/shared/area-rules';
import type { JsonObject } from '../../../src/shared/json';

const compare = (op: CompareOp): AreaRule => ({ rule: 'compare', field: '/a', op, other: '/b', message: 'is wrong' });

describe('checkAreaRules: compare', () => {
  it.each<[CompareOp, unknown, unknown, boolean]>([
    ['<', 1, 2, true],
    ['<', 2, 2, false],
    ['<=', 2, 2, true],
    ['<=', 3, 2, false],
    ['>', 3, 2, true],
    ['>', 2, 2, false],
    ['>=', 2, 2, true],
    ['>=', 1, 2, false],
    ['==', 19.99, 19.99, true],
    ['==', 19.99, 20, false],
    ['!=', 1, 2, true],
    ['!=', 2, 2, false],
    ['<', 9, 10, true], // numerically, not as text
    ['<', '2026-04-14', '2026-10-14', true],
    ['>', '2026-04-14', '2026-04-14', false],
    ['>', '2026-12-31', '2026-04-14', true],
    ['<', '2026-03-01T10:00:00+02:00', '2026-03-01T09:00:00Z', true], // by instant: 08:00Z is before 09:00Z
    ['==', '2026-03-01T10:00:00+02:00', '2026-03-01T08:00:00Z', true],
    ['!=', '6510-0000', '6535-0000', true],
    ['!=', '6510-0000', '6510-0000', false],
  ])('%s with %j and %j holds: %s', (op, a, b, holds) => {
    expect(checkAreaRules([compare(op)], { a, b })).toEqual(holds ? [] : [{ path: '/a', message: 'is wrong' }]);
  });

  it.each<[string, JsonObject]>([
    ['the field is missing', { b: 2 }],
    ['the other field is missing', { a: 3 }],
    ['both are missing', {}],
    ['a number meets a string', { a: 3, b: '2' }],
    ['a date meets a date-time', { a: '2026-05-01', b: '2026-04-01T00:00:00Z' }],
    ['a date meets plain text', { a: '2026-05-01', b: 'soon' }],
    ['a value is a boolean', { a: true, b: false }],
    ['a value is null', { a: 3, b: null }],
  ])('reports nothing when %s (the schema reports what is missing or mistyped)', (_label, data) => {
    expect(checkAreaRules([compare('<')], data)).toEqual([]);
  });

  it('reports nothing for data that is not an object', () => {
    expect(checkAreaRules([compare('<')], undefined)).toEqual([]);
    expect(checkAreaRules([compare('<')], [3, 2])).toEqual([]);
  });

  it('with each, checks every item and points at the failing item field', () => {
    const rule: AreaRule = {
      rule: 'compare',
      each: '/lines',
      field: 'toAccount',
      op: '!=',
      other: 'fromAccount',
      message: 'must differ from the From GL account',
    };
    const lines = [
      { fromAccount: '6510-0000', toAccount: '6535-0000' },
      { fromAccount: '6510-0000', toAccount: '6510-0000' },
      { fromAccount: '6510-0000' },
      { fromAccount: '6520-0000', toAccount: '6520-0000' },
    ];
    expect(checkAreaRules([rule], { lines })).toEqual([
      { path: '/lines/1/toAccount', message: 'must differ from the From GL account' },
      { path: '/lines/3/toAccount', message: 'must differ from the From GL account' },
    ]);
    expect(checkAreaRules([rule], { lines: 'not a list' })).toEqual([]);
    expect(checkAreaRules([rule], {})).toEqual([]);
  });

  it('reads nested pointers and escaped names (RFC 6901)', () => {
    const rule: AreaRule = { rule: 'compare', field: '/a~1b/x', op: '<=', other: '/c~0d', message: 'too big' };
    expect(checkAreaRules([rule], { 'a/b': { x: 5 }, 'c~d': 4 })).toEqual([{ path: '/a~1b/x', message: 'too big' }]);
  });
});

describe('checkAreaRules: sum', () => {
  const rule: AreaRule = {
    rule: 'sum',
    each: '/lineItems',
    field: 'amount',
    equals: '/amount',
    message: 'line items add up to {sum}, not {total}',
  };
  const lines = (...amounts: number[]) => amounts.map((amount) => ({ amount }));

  it.each<[string, number[], number]>([
    ['0.1 + 0.2 against 0.3', [0.1, 0.2], 0.3],
    ['1234.56 split into 1000.01 + 234.55', [1000.01, 234.55], 1234.56],
    ['1234.56 split into 1234.5 + 0.06', [1234.5, 0.06], 1234.56],
    ['1234.56 split into 1234 + 56 lines of 0.01', [1234, ...Array.from({ length: 56 }, () => 0.01)], 1234.56],
    ['19.99 three times against 59.97', [19.99, 19.99, 19.99], 59.97],
    ['one line equal to the total', [7842.5], 7842.5],
  ])('accepts %s despite floating point', (_label, amounts, total) => {
    expect(checkAreaRules([rule], { amount: total, lineItems: lines(...amounts) })).toEqual([]);
  });

  it('is tested with sums that plain float addition gets wrong', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(Array.from({ length: 56 }, () => 0.01).reduce((a, b) => a + b, 1234)).not.toBe(1234.56);
  });

  it('puts the difference on the total: "line items add up to 7,842.00, not 7,842.50"', () => {
    expect(checkAreaRules([rule], { amount: 7842.5, lineItems: lines(6900, 942) })).toEqual([
      { path: '/amount', message: 'line items add up to 7,842.00, not 7,842.50' },
    ]);
    expect(checkAreaRules([rule], { amount: 1234567.89, lineItems: lines(0.1, 0.2) })).toEqual([
      { path: '/amount', message: 'line items add up to 0.30, not 1,234,567.89' },
    ]);
  });

  it('tells a cent apart', () => {
    expect(checkAreaRules([rule], { amount: 0.3, lineItems: lines(0.1, 0.21) })).toHaveLength(1);
  });

  it.each<[string, JsonObject]>([
    ['the total is missing', { lineItems: lines(1, 2) }],
    ['the total is not a number', { amount: '3', lineItems: lines(1, 2) }],
    ['the lines are missing', { amount: 3 }],
    ['a line has no amount', { amount: 3, lineItems: [{ amount: 1 }, {}] }],
    ['a line amount is text', { amount: 3, lineItems: [{ amount: 1 }, { amount: '2' }] }],
  ])('reports nothing when %s', (_label, data) => {
    expect(checkAreaRules([rule], data)).toEqual([]);
  });

  it('runs every rule and keeps rule order', () => {
    const both: AreaRule[] = [rule, { rule: 'compare', field: '/a', op: '<', other: '/b', message: 'a first' }];
    expect(checkAreaRules(both, { amount: 5, lineItems: lines(4), a: 2, b: 1 }).map((e) => e.path)).toEqual([
      '/amount',
      '/a',
    ]);
  });
});

describe('total: a computed value, display only', () => {
  const linesTotal: TotalRule = { rule: 'total', each: '/lineItems', field: 'amount', label: 'Lines total' };
  const orderTotal: TotalRule = {
    rule: 'total',
    each: '/items',
    field: 'quantity',
    times: 'unitPrice',
    label: 'Order total',
  };

  it('adds up the items in whole cents (0.1 + 0.2 is 30 cents, 7,842.50 is 784250)', () => {
    expect(totalCents(linesTotal, [{ amount: 0.1 }, { amount: 0.2 }])).toBe(30);
    expect(totalCents(linesTotal, [{ amount: 7000 }, { amount: 842.5 }])).toBe(784250);
  });

  it('with times, adds up quantity × unit price, each line rounded to the cent', () => {
    // 3 × 19.99 = 59.97 (59.970000000000006 in floating point); 2 × 0.125 = 0.25
    const items = [
      { quantity: 3, unitPrice: 19.99 },
      { quantity: 2, unitPrice: 0.125 },
    ];
    expect(totalCents(orderTotal, items)).toBe(5997 + 25);
  });

  it('counts a value not entered yet as 0, so it follows the lines as they are filled in', () => {
    expect(totalCents(linesTotal, [{ amount: 12.5 }, {}, { amount: 'x' }, null])).toBe(1250);
    expect(totalCents(orderTotal, [{ quantity: 4 }, { quantity: 2, unitPrice: 5 }])).toBe(1000);
    expect(totalCents(linesTotal, undefined)).toBe(0);
  });

  it('never reports an error: it computes, it does not check', () => {
    expect(checkAreaRules([linesTotal, orderTotal], { lineItems: [{ amount: -1 }], items: 'no' })).toEqual([]);
  });

  it('is found by the array it is shown under', () => {
    const sum: AreaRule = { rule: 'sum', each: '/lineItems', field: 'amount', equals: '/amount', message: 'm' };
    expect(totalsOf([sum, linesTotal, orderTotal], '/lineItems')).toEqual([linesTotal]);
    expect(totalsOf([sum, linesTotal, orderTotal], '/items')).toEqual([orderTotal]);
    expect(totalsOf(undefined, '/items')).toEqual([]);
  });
});

describe('describeRuleProblems', () => {
  const schema: JsonObject = {
    type: 'object',
    properties: {
      amount: { type: 'number' },
      balance: { type: 'integer' },
      note: { type: 'string' },
      vendor: { type: 'object', properties: { name: { type: 'string' } } },
      lines: {
        type: 'array',
        items: {
          type: 'object',
          properties: { amount: { type: 'number' }, from: { type: 'string' }, to: { type: 'string' } },
        },
      },
    },
  };

  it('accepts rules that name declared properties', () => {
    const rules: AreaRule[] = [
      { rule: 'compare', field: '/amount', op: '<=', other: '/balance', message: 'm' },
      { rule: 'compare', field: '/vendor/name', op: '!=', other: '/note', message: 'm' },
      { rule: 'compare', each: '/lines', field: 'to', op: '!=', other: 'from', message: 'm' },
      { rule: 'sum', each: '/lines', field: 'amount', equals: '/amount', message: 'm' },
      { rule: 'total', each: '/lines', field: 'amount', label: 'Lines total' },
      { rule: 'total', each: '/lines', field: 'amount', times: 'amount', label: 'Squares' },
    ];
    expect(describeRuleProblems(rules, schema)).toEqual([]);
  });

  it.each<[string, AreaRule, string[]]>([
    [
      'an unknown property',
      { rule: 'compare', field: '/amount', op: '<', other: '/total', message: 'm' },
      ['rules[0] (compare): "/total" is not a property of the schema'],
    ],
    [
      'a name that is not a pointer',
      { rule: 'compare', field: 'amount', op: '<', other: '/balance', message: 'm' },
      ['rules[0] (compare): "amount" is not a JSON Pointer (write "/amount")'],
    ],
    [
      'a number compared with a string',
      { rule: 'compare', field: '/amount', op: '==', other: '/note', message: 'm' },
      ['rules[0] (compare): compares "/amount" (number) with "/note" (string); the rule would never apply'],
    ],
    [
      'each naming something that is not an array',
      { rule: 'compare', each: '/amount', field: 'to', op: '!=', other: 'from', message: 'm' },
      ['rules[0] (compare): each "/amount" is not an array property of the schema'],
    ],
    [
      'an unknown item field',
      { rule: 'compare', each: '/lines', field: 'to', op: '!=', other: 'account', message: 'm' },
      ['rules[0] (compare): "account" is not a property of the items of "/lines"'],
    ],
    [
      'a sum of text into a missing total',
      { rule: 'sum', each: '/lines', field: 'from', equals: '/total', message: 'm' },
      ['rules[0] (sum): "/total" is not a property of the schema', 'rules[0] (sum): "from" is not a number property'],
    ],
    [
      'a total over something that is not an array',
      { rule: 'total', each: '/vendor', field: 'amount', label: 'Total' },
      ['rules[0] (total): each "/vendor" is not an array property of the schema'],
    ],
    [
      'a total of text times an unknown field',
      { rule: 'total', each: '/lines', field: 'from', times: 'price', label: 'Total' },
      [
        'rules[0] (total): "from" is not a number property',
        'rules[0] (total): "price" is not a property of the items of "/lines"',
      ],
    ],
    [
      'a total naming its field by an absolute pointer',
      { rule: 'total', each: '/lines', field: '/amount', label: 'Total' },
      ['rules[0] (total): "/amount" is not a property of the items of "/lines"'],
    ],
  ])('names the rule index and the problem: %s', (_label, rule, problems) => {
    expect([...describeRuleProblems([rule], schema)].sort()).toEqual([...problems].sort());
  });

  it('numbers each rule by its place in the list', () => {
    const ok: AreaRule = { rule: 'compare', field: '/amount', op: '<', other: '/balance', message: 'm' };
    const bad: AreaRule = { ...ok, other: '/nope' };
    expect(describeRuleProblems([ok, ok, bad], schema)).toEqual([
      'rules[2] (compare): "/nope" is not a property of the schema',
    ]);
  });
});
