import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../../src/server/lib/cursor';

const ID = '3f0c7a8e-2b7d-4a51-9a51-1d2f3e4a5b6c';

describe('keyset cursors', () => {
  it.each([
    { sort: '-createdAt', key: '2025-03-14T10:11:12.345Z', id: ID },
    { sort: 'number', key: 1234567, id: ID },
  ])('round-trip %o through an opaque base64url string', (cursor) => {
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('nope').toString('base64url')],
    ['wrong shape', Buffer.from(JSON.stringify({ sort: 'x' })).toString('base64url')],
    ['wrong length', Buffer.from(JSON.stringify(['x', 1])).toString('base64url')],
    ['fractional key', Buffer.from(JSON.stringify(['number', 1.5, ID])).toString('base64url')],
    ['object key', Buffer.from(JSON.stringify(['number', {}, ID])).toString('base64url')],
    ['too long', 'a'.repeat(600)],
  ])('decode returns null for a %s cursor', (_label, text) => {
    expect(decodeCursor(text)).toBeNull();
  });
});
