import { describe, expect, it } from 'vitest';
import { decodeCursor } from '../../../src/server/lib/cursor';
import {
  findUnstorableValues,
  isStorableText,
  MAX_INPUT_DEPTH,
  storableDate,
} from '../../../src/server/lib/storable-input';

const cursorOf = (json: unknown[]) => Buffer.from(JSON.stringify(json)).toString('base64url');

describe('text PostgreSQL can store', () => {
  it('refuses U+0000 and unpaired surrogates, accepts surrogate pairs and other control characters', () => {
    for (const text of ['', 'plain', '😀', '\ud83d\ude00x', '\u0001\u001f\u007f', '\ufffd', '\uffff']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ['\u0000', 'a\u0000', '\ud800', 'a\ud800b', '\udfff', '\ude00\ud83d', 'x\ud83d']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('findUnstorableValues', () => {
  it('names each place by its JSON Pointer: strings, property names, non-finite numbers', () => {
    const value = { a: ['ok', 'b\u0000'], 'x/y~': { z: '\ud800' }, n: Infinity, ['k\u0000']: 1, fine: 1.5 };
    expect(
      findUnstorableValues(value)
        .map((error) => error.path)
        .sort(),
    ).toEqual(['', '/a/1', '/n', '/x~1y~0/z']);
    expect(findUnstorableValues({ a: [1, 'two', null, true, { b: '😀' }] })).toEqual([]);
    expect(findUnstorableValues('\u0000')).toEqual([
      { path: '', message: expect.stringContaining('U+0000') as string },
    ]);
  });

  it('stops at 64 levels of nesting without recursing, at any depth', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    const errors = findUnstorableValues(deep);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.path.split('/').length).toBe(MAX_INPUT_DEPTH + 1);
    let fine: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH; i += 1) fine = [fine];
    expect(findUnstorableValues(fine)).toEqual([]);
  });

  it('reports at most 20 places', () => {
    expect(findUnstorableValues(Array.from({ length: 500 }, () => '\u0000'))).toHaveLength(20);
  });
});

describe('storableDate', () => {
  it('accepts instants in the years 1 to 9999 UTC and refuses the rest', () => {
    expect(storableDate('2025-03-14')?.toISOString()).toBe('2025-03-14T00:00:00.000Z');
    expect(storableDate('0001-01-01T00:00:00Z')?.toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(storableDate('9999-12-31T23:59:59.999Z')).not.toBeNull();
    for (const text of [
      '0000-01-01',
      '0001-01-01T00:00:00+01:00',
      '+010000-01-01T00:00:00Z',
      '+275760-09-13',
      'soon',
    ]) {
      expect(storableDate(text), text).toBeNull();
    }
  });
});

describe('decodeCursor', () => {
  it('refuses a cursor whose key or id holds text the database cannot compare', () => {
    const id = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    expect(decodeCursor(cursorOf(['name', 'Ada', id]))).toEqual({ sort: 'name', key: 'Ada', id });
    expect(decodeCursor(cursorOf(['name', 'A\u0000', id]))).toBeNull();
    expect(decodeCursor(cursorOf(['name', '\ud800', id]))).toBeNull();
    expect(decodeCursor(cursorOf(['name', 'Ada', `${id}\u0000`]))).toBeNull();
  });
});
