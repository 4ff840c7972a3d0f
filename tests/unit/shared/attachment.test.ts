import { describe, expect, it } from 'vitest';
import { findAttachmentRefs, formatBytes } from '../../../src/shared/attachment';
import type { JsonObject } from '../../../src/shared/json';

const ref = (id: string) => ({ id, name: `${id}.pdf`, size: 10, mediaType: 'application/pdf' });

describe('findAttachmentRefs', () => {
  it('finds references in top-level fields and inside repeating sections, with their JSON Pointers', () => {
    const ui = {
      files: { 'ui:widget': 'attachments' },
      rooms: { items: { photos: { 'ui:options': { widget: 'attachments' } } } },
      notes: { 'ui:widget': 'richText' },
    };
    const data: JsonObject = {
      files: [ref('a'), ref('b')],
      rooms: [{ photos: [ref('c')] }, { photos: [] }, {}],
      notes: 'text',
    };
    expect(findAttachmentRefs(ui, data).map((found) => [found.pointer, found.ref.id])).toEqual([
      ['/files/0', 'a'],
      ['/files/1', 'b'],
      ['/rooms/0/photos/0', 'c'],
    ]);
  });

  it('ignores fields whose UI schema names no attachments widget and escapes pointer tokens', () => {
    expect(findAttachmentRefs({ other: {} }, { other: [ref('x')] })).toEqual([]);
    expect(findAttachmentRefs({ 'a/b': { 'ui:widget': 'attachments' } }, { 'a/b': [ref('y')] })[0]?.pointer).toBe('/a~1b/0');
  });
});

describe('formatBytes', () => {
  it('shows bytes, KB and MB (1024-based)', () => {
    expect(formatBytes(532)).toBe('532 B');
    expect(formatBytes(12_595)).toBe('12.3 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10.0 MB');
  });
});
