import { describe, expect, it } from 'vitest';
import {
  acceptInWords,
  acceptsMediaType,
  findAttachmentRefs,
  formatBytes,
  isAttachmentArraySchema,
  ATTACHMENT_REF_SCHEMA,
} from '../../../src/shared/attachment';
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
    expect(findAttachmentRefs({ 'a/b': { 'ui:widget': 'attachments' } }, { 'a/b': [ref('y')] })[0]?.pointer).toBe(
      '/a~1b/0',
    );
  });
});

describe("a field's accept (ui:options.accept)", () => {
  it("gives each reference its field's accept, inside repeating sections too", () => {
    const ui = {
      rooms: { items: { photos: { 'ui:widget': 'attachments', 'ui:options': { accept: 'image/*' } } } },
      files: { 'ui:widget': 'attachments' },
    };
    const found = findAttachmentRefs(ui, { rooms: [{ photos: [ref('a')] }], files: [ref('b')] });
    expect(found.map((item) => [item.pointer, item.accept])).toEqual([
      ['/rooms/0/photos/0', 'image/*'],
      ['/files/0', undefined],
    ]);
  });

  it('matches media types, type/* and known extensions; no accept takes anything', () => {
    expect(acceptsMediaType('image/*', 'image/png')).toBe(true);
    expect(acceptsMediaType('image/*', 'application/pdf')).toBe(false);
    expect(acceptsMediaType('application/pdf,image/*', 'application/pdf')).toBe(true);
    expect(
      acceptsMediaType(' .PDF , .docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ).toBe(true);
    expect(acceptsMediaType('.pdf', 'image/png')).toBe(false);
    expect(acceptsMediaType(undefined, 'text/csv')).toBe(true);
    expect(acceptsMediaType('*/*', 'text/csv')).toBe(true);
    expect(acceptsMediaType('.unknown', 'text/csv')).toBe(true);
  });

  it('says what a field takes in words', () => {
    expect(acceptInWords('image/*')).toBe('an image');
    expect(acceptInWords('application/pdf,image/*')).toBe('a PDF or an image');
    expect(acceptInWords('.pdf,.docx,image/*')).toBe('a PDF, a Word document (.docx) or an image');
  });

  it("tells a file field's schema from other arrays", () => {
    expect(isAttachmentArraySchema({ type: 'array', items: ATTACHMENT_REF_SCHEMA })).toBe(true);
    expect(isAttachmentArraySchema({ type: 'array', items: { type: 'object', required: ['id'] } })).toBe(false);
    expect(isAttachmentArraySchema({ type: 'string' })).toBe(false);
  });
});

describe('formatBytes', () => {
  it('shows bytes, KB and MB (1024-based)', () => {
    expect(formatBytes(532)).toBe('532 B');
    expect(formatBytes(12_595)).toBe('12.3 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10.0 MB');
  });
});
